// Start-up and default-run wall time (issue 17): the compiled command (bin/sms-conform.js -> dist/, what an installed
// package runs) against a bare `node -e ''` and against the development path (tsx transpiling the sources, which is how
// the package ran before it was compiled). Wall times of child processes, best of N: the machine is shared and noisy.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

/** Seconds one child process takes from spawn to exit (it must exit 0; every child is bounded by a timeout). */
function wall(args: readonly string[]): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...args], { cwd: root, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error) => {
      if (error) reject(new Error(`bench: node ${args.join(' ')} failed: ${error.message}`));
      else resolve((performance.now() - start) / 1000);
    });
  });
}

/** The best (lowest) wall time of n runs, the runs of each command interleaved with the others' (same load for all). */
async function bestOf(n: number, commands: readonly (readonly string[])[]): Promise<number[]> {
  const best = commands.map(() => Number.POSITIVE_INFINITY);
  for (let i = 0; i < n; i++) {
    for (const [k, command] of commands.entries()) best[k] = Math.min(best[k] as number, await wall(command));
  }
  return best;
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  await wall([tsx, 'scripts/build.ts']); // the compiled package, as prepack makes it
  const out = await mkdtemp(join(tmpdir(), 'bench-start-'));
  try {
    const [bare, help, helpTsx] = await bestOf(5, [
      ['-e', ''],
      ['bin/sms-conform.js', '--help'],
      [tsx, 'cli/conform.ts', '--help'],
    ]);
    const runArgs = ['--seed', '1', '--out', out];
    const [compiled, sources] = await bestOf(3, [
      ['bin/sms-conform.js', ...runArgs],
      [tsx, 'cli/conform.ts', ...runArgs],
    ]);
    return [
      compared('sms-conform --help, compiled (best of 5) vs bare node -e ""', help as number, 's', bare as number),
      compared('sms-conform --help via tsx from sources (best of 5) vs bare node', helpTsx as number, 's', bare as number),
      compared('default run, compiled (best of 3) vs the same run via tsx from sources', compiled as number, 's', sources as number),
      { name: 'default run, goal', value: 3.5, unit: 's (compiled run at most)' },
    ];
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Start-up and default run: compiled command vs bare node and vs tsx from sources', await run());
}
