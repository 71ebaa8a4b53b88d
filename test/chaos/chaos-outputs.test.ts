import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathModes, portModes, startChaosServer } from './chaos-server.js';
import type { ChaosServer, PathMode, PortMode } from './chaos-server.js';
import { outputBounds, runChildCli, terminalBytes, unescapedOutputs } from './cli-child.js';
import { controlModes, hostileModes } from './hostile-answers.js';

// issue 15: every chaos behaviour (the older ones; hostile-cli.test.ts runs the new ones with every suite) through the
// spawned CLI and a small real selection: the exit code, the time, and that its terminal output and every report
// stay clean and bounded. Path modes answer the connection check once, then misbehave.
let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer();
});
afterAll(async () => {
  await chaos.close();
});

const selection = [
  '--profile',
  'simulator',
  '--receiver-port',
  '0',
  '--request-timeout',
  '500',
  '--timeout',
  '1500',
  '--suite',
  'builtin/*',
  '--suite',
  'contract/user',
  '--seed',
  '15',
];
const older = (pathModes as readonly string[]).filter((mode) => !([...hostileModes, ...controlModes] as readonly string[]).includes(mode)) as PathMode[];
/** HTTP/1.0 answers are read and pass; the other raw-socket modes break the connection check: a set-up problem. */
const portExit = (mode: PortMode): number => (mode === 'http10' ? 0 : 2);
const wallBoundMs = 30_000;

describe('chaos behaviours through the spawned CLI: exit code, time, clean and bounded outputs', () => {
  const cases: [string, () => string, number][] = [
    ...older.map((mode): [string, () => string, number] => [mode, () => chaos.url(mode, { afterGate: true }), 1]),
    ...portModes.map((mode): [string, () => string, number] => [mode, () => chaos.portUrl(mode), portExit(mode)]),
  ];
  for (const [mode, url, exit] of cases) {
    it(
      `${mode}: exit ${exit}`,
      async () => {
        const run = await runChildCli(['--target', url(), ...selection], { killAfterMs: wallBoundMs });
        expect(run.code, run.stderr.slice(-1500)).toBe(exit);
        expect(run.wallMs).toBeLessThan(wallBoundMs);
        expect(unescapedOutputs(run)).toEqual([]);
        // a set-up problem (no answer at all) writes no verdict: one line on stderr, no report
        if (exit === 2) expect([run.reports.size, run.stderr.trimEnd().split('\n').length]).toEqual([0, 1]);
        else expect([...run.reports.keys()].sort()).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
        expect(run.reportBytes).toBeLessThanOrEqual(outputBounds.reportBytes);
        expect(terminalBytes(run)).toBeLessThanOrEqual(outputBounds.terminalBytes);
        expect(run.peakRss).toBeLessThanOrEqual(outputBounds.peakRss);
      },
      wallBoundMs + 10_000,
    );
  }
});
