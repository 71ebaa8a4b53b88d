import { afterEach, describe, expect, it } from 'vitest';
import { ThrottleStep } from '../../../targets/pipeline/throttle-step.js';
import { Redactor } from '../../../targets/redact.js';
import { startStub } from '../stub-server.js';
import type { Stub } from '../stub-server.js';
import { newScope, stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
});

async function setup(windowMs: number, timeoutMs = 5_000) {
  stub = await startStub(() => [200, { ok: true }]);
  runner = stepRunner(stub.url, [new ThrottleStep(1, windowMs, new Redactor())], { timeoutMs });
  return { stub, runner };
}

describe('ThrottleStep', () => {
  it('waits for a slot before the transport starts the timeout, and counts the wait in the scope', async () => {
    // one request per 300 ms window (+1 s margin): the second waits ~1.3 s, far over its 400 ms timeout
    const { stub, runner } = await setup(300, 400);
    await runner.send({ path: '/first' });
    const scope = newScope();
    const started = Date.now();
    const second = await runner.send({ path: '/second' }, scope);
    expect(second.error).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(second.durationMs).toBeLessThan(400);
    expect(scope.waits.ms).toBeGreaterThanOrEqual(1_000);
    expect(stub.requests).toHaveLength(2);
  });

  it('keeps each key role to its own window and never throttles the rate-limit key', async () => {
    const { stub, runner } = await setup(60_000);
    await runner.send({ path: '/growth' });
    const started = Date.now();
    await runner.send({ path: '/starter', key: 'starter' });
    for (let i = 0; i < 3; i++) await runner.send({ path: '/rl', key: 'rateLimit' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(stub.requests).toHaveLength(5);
  });

  it('answers ABORTED without sending when the caller gives up while waiting', async () => {
    const { stub, runner } = await setup(60_000);
    await runner.send({ path: '/first' });
    const scope = newScope();
    const waiting = await runner.send({ path: '/second', signal: AbortSignal.timeout(200) }, scope);
    expect(waiting.status).toBeUndefined();
    expect(waiting.error).toMatchObject({ code: 'ABORTED', message: expect.stringMatching(/waiting for the rate limit/) });
    expect(waiting.id).toBe(2);
    expect(scope.waits.ms).toBeGreaterThanOrEqual(150);
    expect(stub.requests).toHaveLength(1);
  });
});
