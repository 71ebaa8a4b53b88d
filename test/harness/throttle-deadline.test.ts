import { afterEach, describe, expect, it } from 'vitest';
import { defineCheck, RunBaselines } from '../../suites/checks/index.js';
import { runCheck } from '../../suites/engine/run-check.js';
import { HttpClient, profileFor, urlTarget } from '../../targets/index.js';
import { startStub } from './stub-server.js';
import type { Stub } from './stub-server.js';

let stub: Stub | undefined;
let http: HttpClient | undefined;
afterEach(async () => {
  await http?.close();
  await stub?.close();
});

/** Runs a check that sends `requests` requests and then works `workMs`, with a 600 ms deadline, on a 1-per-window client. */
async function run(requests: number, workMs: number) {
  stub = await startStub(() => [200, { ok: true }]);
  // one request per 200 ms window (+1 s margin): every request after the first waits ~1.2 s
  http = await HttpClient.open({ baseUrl: stub.url, keys: { growth: 'k', unknown: 'u' }, ratePerMinute: 1, rateWindowMs: 200 });
  const check = defineCheck({
    id: 'THROTTLED-CHECK',
    title: 'sends through the rate limit',
    suite: 'test/throttle',
    requirements: ['RATE-LIMIT-100'],
    level: 'must',
    timeoutMs: 600,
    async run(ctx) {
      for (let i = 0; i < requests; i++) ctx.expectStatus(await ctx.http.request({ path: '/v1/user/me' }), 200);
      await new Promise((resolve) => setTimeout(resolve, workMs));
    },
  });
  const target = urlTarget(stub.url, profileFor('simulator'), {});
  return runCheck(
    { check, phase: 2 },
    {
      http,
      target,
      seed: 1,
      runs: 1,
      samples: Infinity,
      timeoutMs: 600,
      baselines: new RunBaselines(),
      baselineSkips: new Map(),
      shared: new Map(),
      blockingBaseline: () => undefined,
      onLog: () => {},
    },
  );
}

describe('check deadline and the client rate limit', () => {
  it('does not count the time the client held requests back for the rate limit', async () => {
    const result = await run(3, 0);
    expect(result.status).toBe('passed');
    expect(result.exchanges).toBe(3);
    expect(result.durationMs).toBeGreaterThan(2_000);
  });

  it('still ends a check whose own work outlasts its deadline, and says how long it waited', async () => {
    const result = await run(2, 2_000);
    expect(result.status).toBe('errored');
    expect(result.reason).toMatch(/timed out after 600 ms \(not counting \d+ ms waiting for the rate limit\)/);
    expect(result.durationMs).toBeLessThan(2_500);
  });
});
