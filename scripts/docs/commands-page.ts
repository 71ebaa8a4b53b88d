import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GeneratedPage } from './generated-page.js';
import { pageHead } from './generated-page.js';

/** The commands whose options are their --help text (conform's are a table of their own: conform-options.md). */
const commands = [
  { script: 'simulator', file: 'cli/simulator/simulator.ts', guide: '[your simulator](../your-simulator.md)' },
  { script: 'receiver', file: 'cli/receiver/receiver.ts', guide: '[passive conformance](../passive.md)' },
  { script: 'proxy', file: 'cli/proxy/proxy.ts', guide: '[passive conformance](../passive.md)' },
  { script: 'selftest', file: 'cli/selftest/selftest.ts', guide: '[self-test and faults](../selftest.md)' },
] as const;

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A command's --help, as it prints it: run with no SIM_/RECEIVER_/CONFORM_ variables so the page does not depend on the shell. */
function helpOf(file: string): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(SIM|RECEIVER|CONFORM)_/.test(name)));
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, '--help'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`${file} --help exited ${run.status ?? run.signal}: ${run.stderr}`);
  return run.stdout.trimEnd();
}

/** Every option of npm run simulator, receiver, proxy and selftest: each command's own --help. */
export const commandsPage: GeneratedPage = {
  path: 'docs/reference/commands.md',
  async render() {
    const parts = [
      pageHead('Options of the other commands', commands.map((c) => `\`${c.file}\``).join(', ')),
      "Each command's `--help`, as it prints it. `npm run conform` has its own page: [conform options](conform-options.md).",
    ];
    for (const { script, file, guide } of commands) parts.push('', `## npm run ${script}`, '', `Guide: ${guide}.`, '', '```text', helpOf(file), '```');
    return `${parts.join('\n')}\n`;
  },
};
