import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { call, sendBody } from './helpers/api.js';

let ref: ReferenceServer;
let v1: string;
let now = Date.parse('2030-01-01T00:00:00Z');
const keys = { a: { tier: 'growth' as const, ratePerMinute: null }, b: { tier: 'growth' as const, ratePerMinute: null } };

beforeAll(async () => {
  ref = await startReference({ keys, lifecycle: { stepMs: 60_000 }, clock: () => now });
  v1 = `${ref.url}/v1`;
});
afterAll(() => ref.stop());

const total = async (base = v1, key = 'a') => ((await call(base, 'GET', '/messages', { key })).json as { pagination: { total: number } }).pagination.total;
const send = (key: string, idem: string, body: unknown, path = '/messages') => call(v1, 'POST', path, { key, body, headers: { 'idempotency-key': idem } });

describe('Idempotency-Key', () => {
  it('same key and body replays status and exact bytes and creates nothing', async () => {
    const before = await total();
    const first = await send('a', 'k-replay', sendBody());
    const second = await send('a', 'k-replay', { message: 'hello', from: '+14155550100', to: '+14155550123' }); // key order differs
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(await total()).toBe(before + 1);
  });

  it('same key with a different body is 422, on the other send operation too', async () => {
    await send('a', 'k-mismatch', sendBody());
    const res = await send('a', 'k-mismatch', sendBody({ message: 'other' }));
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: 'idempotency_conflict' });
    const tpl = { template: 'otp-verify', to: '+14155550123', data: { code: '1', company: 'A' } };
    expect((await send('a', 'k-mismatch', tpl, '/messages/send-template')).status).toBe(422);
  });

  it('keys are scoped per API key', async () => {
    const first = await send('a', 'k-scope', sendBody());
    const other = await send('b', 'k-scope', sendBody());
    expect(other.status).toBe(201);
    expect((other.json as { id: string }).id).not.toBe((first.json as { id: string }).id);
  });

  it('rejects keys of length 0 or 256 and accepts 255', async () => {
    expect((await send('a', '', sendBody())).status).toBe(400);
    expect((await send('a', 'x'.repeat(256), sendBody())).status).toBe(400);
    expect((await send('a', 'x'.repeat(255), sendBody())).status).toBe(201);
  });

  it('a validation failure stores nothing: the fixed request succeeds with the same key', async () => {
    expect((await send('a', 'k-fix', sendBody({ to: 'bad' }))).status).toBe(400);
    expect((await send('a', 'k-fix', sendBody())).status).toBe(201);
  });

  it('keys expire after 24 h', async () => {
    const first = await send('a', 'k-expire', sendBody());
    now += 24 * 60 * 60 * 1000 + 1;
    const later = await send('a', 'k-expire', sendBody());
    expect(later.status).toBe(201);
    expect((later.json as { id: string }).id).not.toBe((first.json as { id: string }).id);
  });

  it('50 simultaneous sends with one key create exactly one message', async () => {
    const before = await total();
    const results = await Promise.all(Array.from({ length: 50 }, () => send('a', 'k-burst', sendBody({ message: 'burst' }))));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => (r.json as { id: string }).id)).size).toBe(1);
    expect(await total()).toBe(before + 1);
  });

  it('200 concurrent sends with distinct keys all appear in the list', async () => {
    const local = await startReference({ mode: 'simulator', lifecycle: { stepMs: 60_000 } });
    try {
      const base = `${local.url}/v1`;
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(base, 'POST', '/messages', { key: 'k', body: sendBody({ message: `n${i}` }), headers: { 'idempotency-key': `d-${i}` } }),
        ),
      );
      expect(results.every((r) => r.status === 201)).toBe(true);
      const listed = new Set<string>();
      for (let page = 1; page <= 2; page++) {
        const body = (await call(base, 'GET', `/messages?limit=100&page=${page}`, { key: 'k' })).json as { data: { id: string }[] };
        for (const m of body.data) listed.add(m.id);
      }
      expect(listed.size).toBe(200);
      for (const r of results) expect(listed.has((r.json as { id: string }).id)).toBe(true);
    } finally {
      await local.stop();
    }
  });

  it('a key whose first request is still in flight answers 409', async () => {
    const slow = await startReference({ mode: 'simulator', sendDelayMs: 200, lifecycle: { stepMs: 60_000 } });
    try {
      const base = `${slow.url}/v1`;
      const post = () => call(base, 'POST', '/messages', { key: 'k', body: sendBody(), headers: { 'idempotency-key': 'slow' } });
      const [first, second] = await Promise.all([post(), new Promise((r) => setTimeout(r, 50)).then(post)]);
      expect(first.status).toBe(201);
      expect(second.status).toBe(409);
      expect(second.json).toMatchObject({ error: 'idempotency_conflict' });
      const third = await post();
      expect(third.text).toBe(first.text);
      expect(await total(base, 'k')).toBe(1);
    } finally {
      await slow.stop();
    }
  });
});
