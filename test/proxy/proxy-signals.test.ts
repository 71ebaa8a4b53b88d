// Issue 26 item 5: Ctrl-C or SIGTERM to `npm run proxy` (as the README starts it) ends the session, writes a
// complete, consistent report set whole, and leaves no process behind; `kill <npm pid>` and `kill -9 <npm pid>` too.
// SIGNAL_TRIES=10 runs ten of each (the figures of the closing note); the default keeps the suite short.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { call } from './scripted-client.js';
import { groupAlive, until } from '../support/process-group.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tries = Number(process.env.SIGNAL_TRIES ?? 2);
const KEY = 'signal-test-key-000001';
/** From the signal to npm's exit: the stop handler's own bound is 15 s. */
const boundMs = 15_000;

let ref: ReferenceServer;
let dir: string;
beforeAll(async () => {
  ref = await startReference({ keys: { [KEY]: { tier: 'growth', ratePerMinute: null } } });
  dir = await mkdtemp(join(tmpdir(), 'proxy-signals-'));
});
afterAll(async () => {
  await ref?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface Outcome {
  readonly code: number | null;
  readonly stopMs: number;
  readonly leftover: boolean;
  readonly listening: boolean;
  readonly files: readonly string[];
  readonly result: RunResult;
  readonly traffic: { exchanges: number; graded: number };
}

/**
 * One `npm run proxy` in a process group of its own (as a terminal starts it) with a few exchanges through it, then
 * SIGINT to the whole group (Ctrl-C), SIGTERM to npm alone (`kill <pid>`, a CI runner cancelling the job) or SIGKILL
 * to npm alone (npm cannot pass anything on: the proxy sees its parent gone).
 */
async function stopOnce(signal: 'SIGINT' | 'SIGTERM' | 'SIGKILL', out: string): Promise<Outcome> {
  const child = spawn('npm', ['run', 'proxy', '--', '--target', ref.url, '--port', '0', '--out', out], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  const pid = child.pid as number;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await until(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], 60_000, `the proxy to listen: ${output}`);
    await call(url, KEY, 'GET', '/v1/user/me');
    await call(url, KEY, 'POST', '/v1/messages', { to: '+14155550123', from: '+14155550100', message: 'before the signal' });
    await call(url, KEY, 'GET', '/v1/messages?limit=5');
    const sentAt = Date.now();
    if (signal === 'SIGINT') process.kill(-pid, signal);
    else child.kill(signal);
    const code = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), boundMs + 5_000))]);
    // npm ends first when it is killed; the proxy, its orphan, must end too
    await until(() => (groupAlive(pid) ? undefined : true), boundMs, 'the process group to end').catch(() => undefined);
    const stopMs = Date.now() - sentAt;
    const listening = await fetch(`${url}/v1/user/me`).then(
      () => true,
      () => false,
    );
    const files = (await readdir(out)).sort();
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    const traffic = JSON.parse(await readFile(join(out, 'traffic.json'), 'utf8')) as { exchanges: number; graded: number };
    return { code, stopMs, leftover: groupAlive(pid), listening, files, result, traffic };
  } finally {
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
}

describe('a signal to npm run proxy', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
    it(
      `${signal}: ${tries} of ${tries} end the session with its reports written whole and nothing left running`,
      async () => {
        for (let i = 0; i < tries; i++) {
          const outcome = await stopOnce(signal, join(dir, `${signal}-${i}`));
          // the figures of the closing note (SIGNAL_TRIES=10)
          console.log(
            `${signal} try ${i + 1}: exit ${outcome.code} ${outcome.stopMs} ms after the signal; ${outcome.files.length} files, ${outcome.traffic.exchanges} exchanges; left running: ${outcome.leftover || outcome.listening ? 'yes' : 'none'}`,
          );
          // Ctrl-C is how a session ends: its verdict decides the exit code (the clean reference conforms); a killed npm has none
          expect(outcome.code, `try ${i + 1}: exit code`).toBe(signal === 'SIGKILL' ? null : 0);
          expect(outcome.stopMs, `try ${i + 1}: ms from the signal to the end of every process`).toBeLessThan(boundMs);
          expect(outcome.leftover, `try ${i + 1}: a process of the session is still alive`).toBe(false);
          expect(outcome.listening, `try ${i + 1}: something still answers on the proxy's port`).toBe(false);
          expect(outcome.files).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md', 'traffic.json']);
          // consistent: the same exchanges in the results and in traffic.json, every one graded
          expect(outcome.result.traffic).toMatchObject({ exchanges: 3, graded: 3, notGraded: 0 });
          expect(outcome.traffic).toMatchObject({ exchanges: 3, graded: 3 });
          expect(outcome.result.verdict).toBe('conforms');
        }
      },
      tries * 60_000,
    );
  }
});
