import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import { rateLimitCheckBound, runConformance } from '../../suites/engine/index.js';
import { HttpClient, WindowLimiter } from '../../targets/index.js';
import { startProductionReference } from './helpers.js';
import type { ProductionReference } from './helpers.js';

const rateLimitKey = `sk_live_ratelimit_${Math.random().toString(36).slice(2)}`;
let ref: ProductionReference;
beforeAll(async () => {
  // spec §8: the growth key too is limited to 100/min here, as in production
  ref = await startProductionReference({ ratePerMinute: 100, rateLimitKey });
});
afterAll(async () => {
  await ref.stop();
});

/** Hammers GET /v1/user/me with the rate-limit key (bounded: 300 at most) and logs the statuses. */
const hammer = defineCheck({
  id: 'SAFETY-RATE-HAMMER',
  title: 'exceeds the rate limit with its own key',
  suite: 'safety/rate',
  requirements: ['RATE-LIMIT-100'],
  level: 'must',
  needs: ['rateLimitKey'],
  async run(ctx) {
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 300; i++) statuses.push((await ctx.http.request({ method: 'GET', path: '/v1/user/me', key: 'rateLimit' })).status ?? 0);
    } finally {
      ctx.log(`${statuses.length} sent, first 429 at ${statuses.indexOf(429) + 1}`);
    }
  },
});

describe('rate discipline', () => {
  it('a sliding window: limit requests at once, the next only after the oldest has left the window', async () => {
    let now = 0;
    // a 200 ms window so the test's real sleeps stay short; the logic is the same as for 60 s
    const limiter = new WindowLimiter(100, 200, 0, () => now);
    for (let i = 0; i < 100; i++) await limiter.take();
    let done = false;
    const waiting = limiter.take().then(() => (done = true));
    now = 100; // a token bucket refilling 100 per window would already let one through here
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    now = 201;
    await waiting;
    expect(done).toBe(true);
  });

  it('the client keeps a production key to 100 requests/min: request 101 waits instead of drawing a 429', async () => {
    const http = HttpClient.create({ baseUrl: ref.server.url, keys: { growth: ref.key, unknown: 'x' }, ratePerMinute: 100 });
    try {
      const statuses: (number | undefined)[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await http.request({ path: '/v1/user/me' })).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const started = Date.now();
      // the wait is the client's own: it never counts toward the request timeout, so only an abort ends it early
      const extra = await http.request({ path: '/v1/user/me', timeoutMs: 200, signal: AbortSignal.timeout(1_000) });
      expect(extra.status).toBeUndefined();
      expect(extra.error?.code).toBe('ABORTED');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await http.close();
    }
  });

  it('the rate-limit check is opt-in on a production target, and bounded when allowed', async () => {
    // a reference of its own: the test above spent this minute of the shared one's growth key
    const own = await startProductionReference({ rateLimitKey });
    onTestFinished(() => own.stop());
    const registry = new CheckRegistry().register(userMeConnection, hammer);
    const refused = await runConformance({ target: own.target(), registry });
    expect(refused.checks[1]).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/pass --allow-rate-limit-check/) });
    const allowed = await runConformance({ target: own.target(), registry, allowRateLimitCheck: true });
    const result = allowed.checks[1];
    expect(result?.status).toBe('errored');
    expect(result?.reason).toMatch(/Rate-limit budget exhausted/);
    expect(result?.exchanges).toBe(rateLimitCheckBound);
    expect(result?.logs?.[0]).toBe(`${rateLimitCheckBound} sent, first 429 at 101`);
  });
});
