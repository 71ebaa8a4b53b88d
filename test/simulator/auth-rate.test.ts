import { describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import { call, sendBody } from './helpers/api.js';

describe('authentication (production mode)', () => {
  it('401 for a missing or unknown key, 200 for a known one', async () => {
    const ref = await startReference({ keys: { good: { tier: 'growth', ratePerMinute: null } } });
    try {
      const v1 = `${ref.url}/v1`;
      const missing = await call(v1, 'GET', '/messages');
      expect(missing.status).toBe(401);
      expect(missing.json).toMatchObject({ success: false, error: 'unauthorized' });
      expect((await call(v1, 'GET', '/messages', { key: 'bad' })).status).toBe(401);
      expect((await call(v1, 'POST', '/messages', { key: 'bad', body: sendBody() })).status).toBe(401);
      expect((await call(v1, 'GET', '/messages', { key: 'good' })).status).toBe(200);
    } finally {
      await ref.stop();
    }
  });

  it('simulator mode accepts any key as Growth and never rate-limits', async () => {
    const ref = await startReference({ mode: 'simulator' });
    try {
      const v1 = `${ref.url}/v1`;
      expect((await call(v1, 'POST', '/messages', { key: 'anything-at-all', body: sendBody() })).status).toBe(201);
      const statuses = await Promise.all(Array.from({ length: 120 }, () => call(v1, 'GET', '/user/me', { key: 'same' }).then((r) => r.status)));
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await ref.stop();
    }
  });
});

describe('rate limit', () => {
  it('the 101st request within 60 s is 429 with Retry-After; other keys are not affected', async () => {
    let now = 1_700_000_000_000;
    const ref = await startReference({
      keys: { limited: { tier: 'growth', ratePerMinute: 100 }, free: { tier: 'growth', ratePerMinute: null } },
      clock: () => now,
    });
    try {
      const v1 = `${ref.url}/v1`;
      for (let i = 0; i < 100; i++) {
        now += 100; // 100 requests over 10 s
        expect((await call(v1, 'GET', '/user/me', { key: 'limited' })).status).toBe(200);
      }
      const refused = await call(v1, 'GET', '/user/me', { key: 'limited' });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ success: false, error: 'rate_limited' });
      // the first request was at +100 ms, now is +10 000 ms: a slot frees in 50.1 s → 51
      expect(refused.headers.get('retry-after')).toBe('51');
      expect((await call(v1, 'GET', '/user/me', { key: 'free' })).status).toBe(200);
      now += 50_150; // sliding window: only the oldest request (+100 ms) has left it
      expect((await call(v1, 'GET', '/user/me', { key: 'limited' })).status).toBe(200);
      expect((await call(v1, 'GET', '/user/me', { key: 'limited' })).status).toBe(429);
    } finally {
      await ref.stop();
    }
  });
});
