// Issue 25: Ctrl-C or SIGTERM to `npm run conform` (as README and CI start it) against a slow target ends the run within
// a bound, writes a complete report set marked partial, exits 130/143 and leaves no process of it behind.
// SIGNAL_TRIES=10 runs ten of each (the figures of the closing note); the default keeps the suite short.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../suites/engine/index.js';
import { startPartialTarget } from '../support/partial-target.js';
import type { PartialTarget } from '../support/partial-target.js';
import { groupAlive, until } from '../support/process-group.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tries = Number(process.env.SIGNAL_TRIES ?? 2);
/** From the signal to npm's exit: the stop handler's own bound is 15 s. */
const boundMs = 15_000;

let target: PartialTarget;
let dir: string;
beforeAll(async () => {
  // slow: every request waits 100 ms, so checks are in flight whenever the signal comes
  target = await startPartialTarget({ delayMs: 100 });
  dir = await mkdtemp(join(tmpdir(), 'signal-stop-'));
});
afterAll(async () => {
  await target?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Outcome {
  readonly code: number | null;
  readonly stopMs: number;
  readonly leftover: boolean;
  readonly files: readonly string[];
  readonly result: RunResult;
  readonly summary: string;
}

/**
 * One `npm run conform` in a process group of its own (as a terminal starts it), stopped once five checks printed:
 * SIGINT to the whole group (Ctrl-C), SIGTERM to npm alone (`kill <pid>`, a CI runner cancelling the job).
 */
async function stopOnce(signal: 'SIGINT' | 'SIGTERM', out: string): Promise<Outcome> {
  const args = ['run', 'conform', '--', '--target', target.baseUrl, '--profile', 'simulator', '--receiver-port', '0', '--seed', '1', '--out', out];
  const child = spawn('npm', args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  const pid = child.pid as number;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await until(() => ((stderr.match(/^(PASS|FAIL|ERROR|SKIP|BLOCKED|NOTED) \[/gm) ?? []).length >= 5 ? true : undefined), 60_000, 'five checks');
    const sentAt = Date.now();
    if (signal === 'SIGINT') process.kill(-pid, signal);
    else child.kill(signal);
    const code = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), boundMs + 5_000))]);
    const stopMs = Date.now() - sentAt;
    await until(() => (groupAlive(pid) ? undefined : true), 3_000, 'the process group to end').catch(() => undefined);
    const leftover = groupAlive(pid);
    const files = (await readdir(out)).sort();
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    return { code, stopMs, leftover, files, result, summary: await readFile(join(out, 'summary.md'), 'utf8') };
  } finally {
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
}

describe('a signal to npm run conform against a slow target', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(
      `${signal}: ${tries} of ${tries} stop within the bound with a complete partial report set and nothing left running`,
      async () => {
        for (let i = 0; i < tries; i++) {
          const outcome = await stopOnce(signal, join(dir, `${signal}-${i}`));
          // the figures of the closing note (SIGNAL_TRIES=10)
          console.log(
            `${signal} try ${i + 1}: exit ${outcome.code} ${outcome.stopMs} ms after the signal; ${outcome.result.interrupted?.finished} finished, ${outcome.result.interrupted?.cut.length} cut; left running: ${outcome.leftover ? 'yes' : 'none'}`,
          );
          expect(outcome.code, `try ${i + 1}: exit code`).toBe(signal === 'SIGINT' ? 130 : 143);
          expect(outcome.stopMs, `try ${i + 1}: ms from the signal to the exit`).toBeLessThan(boundMs);
          expect(outcome.leftover, `try ${i + 1}: a process of the run is still alive`).toBe(false);
          expect(outcome.files).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
          expect(outcome.result.verdict).toBe('interrupted');
          expect(outcome.result.interrupted?.by).toBe(signal);
          expect(outcome.result.interrupted?.finished).toBeGreaterThanOrEqual(5);
          // which finished and which were cut: every check is accounted for, and the cut ones say so
          const { finished, cut, notStarted } = outcome.result.interrupted ?? { finished: 0, cut: [], notStarted: 0 };
          expect(finished + cut.length + notStarted).toBe(outcome.result.checks.length);
          for (const id of cut) expect(outcome.result.checks.find((check) => check.id === id)?.reason).toMatch(/^cut: the run was stopped/);
          expect(outcome.summary).toMatch(
            new RegExp(`Partial results: the run was stopped by ${signal}\\. ${finished} of ${outcome.result.checks.length} checks finished`),
          );
        }
      },
      tries * 90_000,
    );
  }
});
