import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { CheckRegistry } from '../../suites/checks/index.js';
import { runConformance } from '../../suites/engine/index.js';
import { startProductionReference } from './helpers.js';
import type { ProductionReference } from './helpers.js';
import { leakyWebhookCheck } from './webhook-check.js';

const root = new URL('../../', import.meta.url).pathname;
let ref: ProductionReference;
beforeAll(async () => {
  ref = await startProductionReference();
});
afterAll(async () => {
  await ref.stop();
});

describe('webhooks the run creates are deleted at the end', () => {
  it('after checks that fail, throw or pass without deleting theirs', async () => {
    const registry = new CheckRegistry().register(
      userMeConnection,
      leakyWebhookCheck('SAFETY-FAIL-AFTER-CREATE', 'fail'),
      leakyWebhookCheck('SAFETY-THROW-AFTER-CREATE', 'throw'),
      leakyWebhookCheck('SAFETY-PASS-AFTER-CREATE', 'pass'),
    );
    const result = await runConformance({ target: ref.target(), registry });
    expect(result.checks.map((c) => c.status)).toEqual(['passed', 'failed', 'passed', 'errored']);
    expect(result.cleanup?.webhooksDeleted).toHaveLength(3);
    expect(result.cleanup?.webhooksLeft).toEqual([]);
    expect(await ref.webhooks()).toEqual([]);
  });

  it('after the caller aborts the run mid-check', async () => {
    const controller = new AbortController();
    const registry = new CheckRegistry().register(
      userMeConnection,
      leakyWebhookCheck('SAFETY-ABORT-AFTER-CREATE', 'hang', () => controller.abort('test abort')),
    );
    const started = Date.now();
    const result = await runConformance({ target: ref.target(), registry, signal: controller.signal, timeoutMs: 30_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.interrupted).toEqual({ by: 'test abort', finished: 1, cut: ['SAFETY-ABORT-AFTER-CREATE'], notStarted: 0 });
    expect(result.exitCode).toBe(130);
    expect(result.checks[1]).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/^cut: the run was stopped \(test abort\)/) });
    expect(result.cleanup?.webhooksDeleted).toHaveLength(1);
    expect(await ref.webhooks()).toEqual([]);
  });

  it('after Ctrl-C (SIGINT) in a spawned run, which then exits on its own', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/safety/interrupt-child.ts'], {
      cwd: root,
      env: { ...process.env, REF_URL: ref.server.url, REF_KEY: ref.key },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const sawCreated = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('created')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await sawCreated;
    expect((await ref.webhooks()).length).toBe(1);
    child.kill('SIGINT');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exited;
    clearTimeout(killer);
    expect(stderr).toBe('');
    expect(code).toBe(130);
    expect(stdout).toMatch(/"interrupted":"SIGINT"/);
    expect(JSON.parse(stdout.split('\n').find((l) => l.startsWith('{')) as string).cleanup.webhooksDeleted).toHaveLength(1);
    expect(await ref.webhooks()).toEqual([]);
  }, 60_000);
});
