// Start-up and default-run wall time (issues 17 and 28): the compiled command (bin/sms-conform.js -> dist/, what an
// installed package runs), `npm run conform` (the script as package.json has it: the checkout's bundle, decision 28)
// and the same with SMS_CONFORM_SOURCES=1 (the sources through tsx, as before decision 28) against a bare `node -e ''`, and the
// default run's wall time and CPU per request next to its floor: a bare node start plus the run's requests at
// autocannon's rate on the same reference (bench/harness-throughput.ts). Wall times of child processes, best of N: the
// machine is shared and noisy.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';
import { mixRate } from './harness-throughput.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

/** Preloaded into a measured child: at exit it prints the CPU time of the whole process (every thread), in µs. */
const cpuAtExit = `data:text/javascript,${encodeURIComponent(
  "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`\\nbench-cpu-us ${u.userCPUTime + u.systemCPUTime}\\n`); });",
)}`;

/**
 * One child process (bounded by a timeout): its wall time and CPU time, in seconds. It must exit 0, or 1 (a run that
 * does not conform: its timing holds, and the bench says so).
 */
function measure(file: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  const measured = file === process.execPath ? ['--import', cpuAtExit, ...args] : args;
  return new Promise((resolve, reject) => {
    execFile(file, measured, { cwd: root, env: { ...process.env, ...env }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error && error.code !== 1) reject(new Error(`bench: ${file} ${args.join(' ')} failed: ${error.message}`));
      else {
        if (error) console.warn(`bench: ${file} ${args.join(' ')} did not conform (exit 1): its time is counted`);
        resolve({ wall: (performance.now() - start) / 1000, cpu: Number(/bench-cpu-us (\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1e6 });
      }
    });
  });
}

/** A command: node's arguments, or npm's when it starts with 'npm'; leading `NAME=value` words set its environment. */
type Command = readonly string[];

function measureCommand(command: Command) {
  const envWords = command.slice(
    0,
    command.findIndex((word) => !/^[A-Z_]+=/.test(word)),
  );
  const env = Object.fromEntries(envWords.map((word) => word.split(/=(.*)/s).slice(0, 2)));
  const rest = command.slice(envWords.length);
  return rest[0] === 'npm' ? measure('npm', rest.slice(1), env) : measure(process.execPath, rest, env);
}

/** The best (lowest) wall and CPU times of n runs, the runs of each command interleaved with the others' (same load for all). */
async function bestOf(n: number, commands: readonly Command[]): Promise<{ wall: number; cpu: number }[]> {
  const best = commands.map(() => ({ wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY }));
  for (let i = 0; i < n; i++) {
    for (const [k, command] of commands.entries()) {
      const { wall, cpu } = await measureCommand(command);
      const b = best[k] as { wall: number; cpu: number };
      b.wall = Math.min(b.wall, wall);
      b.cpu = Math.min(b.cpu, cpu);
    }
  }
  return best;
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  await measure(process.execPath, [tsx, 'scripts/build.ts']); // the compiled package, as prepack makes it
  await measure(process.execPath, ['scripts/run-compiled.mjs', 'cli/conform/conform.ts', '--help']); // the checkout's bundle, fresh
  const out = await mkdtemp(join(tmpdir(), 'bench-start-'));
  try {
    const npmConform = ['npm', 'run', '--silent', 'conform', '--'];
    const npmSources = ['SMS_CONFORM_SOURCES=1', ...npmConform];
    const [bare, help, helpTsx, list, listBundle, listNpm, listNpmSources] = await bestOf(5, [
      ['-e', ''],
      ['bin/sms-conform.js', '--help'],
      [tsx, 'cli/conform/conform.ts', '--help'],
      ['bin/sms-conform.js', '--list'],
      ['scripts/run-compiled.mjs', 'cli/conform/conform.ts', '--list'],
      [...npmConform, '--list'],
      [...npmSources, '--list'],
    ]);
    const runArgs = ['--seed', '1', '--out', out];
    const [compiled, sources, viaNpm, viaNpmSources] = await bestOf(3, [
      ['bin/sms-conform.js', ...runArgs],
      [tsx, 'cli/conform/conform.ts', ...runArgs],
      [...npmConform, ...runArgs],
      [...npmSources, ...runArgs],
    ]);
    const { requestsSent } = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { requestsSent: number };
    // the floor: a node start, then the run's requests at the rate of a client that only sends (autocannon, the
    // contract suites' operations, 4 connections, the reference on its own thread with a receiver, as the run has it)
    const mix = await mixRate();
    const floor = bare!.wall + requestsSent / mix;
    return [
      compared('sms-conform --help, compiled (best of 5) vs bare node -e ""', help!.wall, 's', bare!.wall),
      compared('sms-conform --help via tsx from sources (best of 5) vs bare node', helpTsx!.wall, 's', bare!.wall),
      compared('sms-conform --list, compiled (best of 5) vs bare node', list!.wall, 's', bare!.wall),
      compared("--list, the checkout's bundle (node scripts/run-compiled.mjs, best of 5) vs bare node", listBundle!.wall, 's', bare!.wall),
      compared('npm run conform -- --list (best of 5) vs bare node', listNpm!.wall, 's', bare!.wall),
      compared('SMS_CONFORM_SOURCES=1 npm run conform -- --list (tsx, as before decision 28) vs bare node', listNpmSources!.wall, 's', bare!.wall),
      compared('default run, compiled (best of 3) vs the same run via tsx from sources', compiled!.wall, 's', sources!.wall),
      compared(`default run, compiled (best of 3) vs its floor (node start + ${requestsSent} req at autocannon's rate)`, compiled!.wall, 's', floor),
      compared('default run, npm run conform (best of 3) vs its floor', viaNpm!.wall, 's', floor),
      compared('default run, npm run conform (best of 3) vs SMS_CONFORM_SOURCES=1 npm run conform (tsx)', viaNpm!.wall, 's', viaNpmSources!.wall),
      compared(
        "default run, compiled: CPU per request, all threads (least of 3) vs autocannon's wall per request",
        (compiled!.cpu * 1e6) / requestsSent,
        'µs',
        1e6 / mix,
      ),
      { name: 'default run, goal', value: 1.5, unit: 's (compiled run at most; npm run conform at most 2 s)' },
      { name: '--list, goal', value: 3, unit: 'x bare node at most' },
    ];
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Start-up and default run: compiled command vs bare node and vs tsx from sources', await run());
}
