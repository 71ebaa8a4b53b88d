import { afterEach, describe, expect, it } from 'vitest';
import { BudgetStep } from '../../../targets/pipeline/budget-step.js';
import { startStub } from '../stub-server.js';
import type { Stub } from '../stub-server.js';
import { stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
});

async function setup(budget: ConstructorParameters<typeof BudgetStep>[0]) {
  stub = await startStub(() => [200, {}]);
  const step = new BudgetStep(budget);
  runner = stepRunner(stub.url, [step]);
  return { stub, step, runner };
}

describe('BudgetStep', () => {
  it('refuses the request after the budget with BUDGET_EXCEEDED, sending nothing, but lets clean-up through', async () => {
    const { stub, step, runner } = await setup({ maxRequests: 2, maxRateLimitKeyRequests: null });
    await runner.send({ path: '/a' });
    await runner.send({ path: '/b' });
    await expect(runner.send({ path: '/c' })).rejects.toMatchObject({
      code: 'BUDGET_EXCEEDED',
      message: expect.stringMatching(/already sent 2 requests \(budget 2\).*--max-requests/),
    });
    expect(stub.requests.map((r) => r.url)).toEqual(['/a', '/b']);
    expect((await runner.send({ method: 'DELETE', path: '/v1/webhooks/w1', cleanup: true })).status).toBe(200);
    expect(step.sent).toBe(3);
  });

  it('bounds the rate-limit key apart, and only it', async () => {
    const { stub, step, runner } = await setup({ maxRequests: null, maxRateLimitKeyRequests: 1 });
    await runner.send({ path: '/rl', key: 'rateLimit' });
    await expect(runner.send({ path: '/rl', key: 'rateLimit' })).rejects.toMatchObject({
      code: 'BUDGET_EXCEEDED',
      message: expect.stringMatching(/^Rate-limit budget exhausted: 1 unthrottled/),
    });
    expect((await runner.send({ path: '/growth' })).status).toBe(200);
    expect(stub.requests).toHaveLength(2);
    expect(step.sent).toBe(2);
  });

  it('counts concurrent requests before any is sent: a burst never overshoots the budget', async () => {
    const { stub, runner } = await setup({ maxRequests: 3, maxRateLimitKeyRequests: null });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => runner.send({ path: `/burst/${i}` })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(stub.requests).toHaveLength(3);
  });
});
