import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./passive-process.ts', import.meta.url));

/** A session's counters as bench/passive-process.ts prints them. */
export interface PassiveStats {
  readonly completed: number;
  readonly graded: number;
  readonly outside: number;
  readonly notGraded: number;
  /** Handed to the grading thread and not graded yet. */
  readonly grading: number;
  readonly failures: number;
  readonly requirements: number;
  readonly idempotencyKeys: number;
  /** CPU ms so far of the process's main thread (the forwarding path) and of all its threads (grading included). */
  readonly mainCpuMs: number;
  readonly cpuMs: number;
}

/** A proxy, forwarder or bare proxy running in a process of its own. */
export interface PassiveChild {
  readonly url: string;
  readonly pid: number;
  stats(): Promise<PassiveStats>;
  /** Waits (at most 60 s) until everything handed over is graded, then the counters. */
  settled(): Promise<PassiveStats>;
  /** RSS of the process in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<PassiveStats>;
}

/** Starts bench/passive-process.ts under tsx and waits (at most 60 s) for its {url, pid} line. */
export async function startPassiveChild(
  kind: 'proxy' | 'forwarder' | 'bare-proxy',
  target: string,
  env: Record<string, string> = {},
  timeoutMs?: number,
): Promise<PassiveChild> {
  // BENCH_CPU_PROF=<dir>: each session process writes a CPU profile of each of its threads there (node --cpu-prof)
  const profile = process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`];
  const args = [...profile, '--import', 'tsx', entry, kind, target, ...(timeoutMs === undefined ? [] : [String(timeoutMs)])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const lines = createInterface({ input: child.stdout });
  const next = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench: the ${kind} process did not answer within 60 s`)), 60_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  const { url, pid } = JSON.parse(await next()) as { url: string; pid: number };
  const ask = async (command: string): Promise<PassiveStats> => {
    const answer = next();
    child.stdin.write(`${command}\n`);
    return JSON.parse(await answer) as PassiveStats;
  };
  let stopping: Promise<PassiveStats> | undefined;
  const stop = async (): Promise<PassiveStats> => {
    try {
      return await ask('stop');
    } finally {
      // a moment to exit by itself (a CPU profile is written on exit), then it is ended
      if (child.exitCode === null)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };
  return {
    url,
    pid,
    stats: () => ask('stats'),
    async settled() {
      const until = Date.now() + 60_000;
      for (;;) {
        const stats = await ask('stats');
        if (stats.grading <= 0 || Date.now() > until) return stats;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    rss() {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : Number.NaN;
    },
    stop: () => (stopping ??= stop()),
  };
}
