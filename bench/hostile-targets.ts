// Hostile targets (issue 15): the spawned CLI, every suite, against a target answering 1 MB ids next to the same
// target answering ordinary ids (the clean run, same process set-up, same seed), and against the other hostile
// answers of test/chaos/. Peak RSS is the child's own (process.resourceUsage().maxRSS at exit); the bounds are
// 500 MB of RSS and 20 MB of reports whatever the target sends.
import { startChaosServer } from '../test/chaos/chaos-server.js';
import { runChildCli, terminalBytes, unescapedOutputs } from '../test/chaos/cli-child.js';
import type { ChildRun } from '../test/chaos/cli-child.js';
import { hostileModes } from '../test/chaos/hostile-answers.js';
import type { HostileMode } from '../test/chaos/hostile-answers.js';
import { compared } from './figures.js';
import type { Figure } from './figures.js';

const args = ['--profile', 'simulator', '--request-timeout', '2000', '--timeout', '3000', '--seed', '15'];
const MB = 1e6;

/** Runs the benchmark: the clean run first, then each hostile mode, each figure next to the clean run's. */
export async function run(): Promise<Figure[]> {
  const chaos = await startChaosServer();
  try {
    const once = (mode: HostileMode): Promise<ChildRun> => runChildCli(['--target', chaos.url(mode, { afterGate: true }), ...args], { killAfterMs: 120_000 });
    const clean = await once('small-id');
    const figures: Figure[] = [
      { name: 'clean (small ids): peak RSS', value: clean.peakRss / MB, unit: 'MB' },
      { name: 'clean (small ids): reports', value: clean.reportBytes / MB, unit: 'MB' },
      { name: 'clean (small ids): wall time', value: clean.wallMs / 1000, unit: 's' },
      { name: 'clean (small ids): exit code', value: clean.code ?? -1, unit: '' },
    ];
    // big-id first: it is the benchmark's figure; the others make the acceptance table
    for (const mode of ['big-id', ...hostileModes.filter((m) => m !== 'big-id')] as const) {
      const hostile = await once(mode);
      const dirty = unescapedOutputs(hostile).length;
      figures.push(
        compared(`${mode}: peak RSS`, hostile.peakRss / MB, 'MB', clean.peakRss / MB),
        compared(`${mode}: reports`, hostile.reportBytes / MB, 'MB', clean.reportBytes / MB),
        compared(`${mode}: terminal output`, terminalBytes(hostile) / MB, 'MB', terminalBytes(clean) / MB),
        compared(`${mode}: wall time`, hostile.wallMs / 1000, 's', clean.wallMs / 1000),
        { name: `${mode}: exit code`, value: hostile.code ?? -1, unit: '' },
        { name: `${mode}: outputs with an unescaped control character`, value: dirty, unit: '' },
      );
    }
    return figures;
  } finally {
    await chaos.close();
  }
}
