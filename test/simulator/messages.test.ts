import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_NUMBER, startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { call, sendBody, until } from './helpers/api.js';

const G = 'growth-key';
const S = 'starter-key';
let ref: ReferenceServer;
let v1: string;

beforeAll(async () => {
  ref = await startReference({
    keys: { [G]: { tier: 'growth', ratePerMinute: null }, [S]: { tier: 'starter', ratePerMinute: null } },
    lifecycle: { stepMs: 3 },
    failingNumbers: ['+14155550666'],
  });
  v1 = `${ref.url}/v1`;
});
afterAll(() => ref.stop());

describe('POST /v1/messages', () => {
  it('creates a queued outbound message with 201', async () => {
    const res = await call(v1, 'POST', '/messages', { key: G, body: sendBody() });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({ to: '+14155550123', from: '+14155550100', message: 'hello', status: 'queued', direction: 'outbound' });
    const m = res.json as { id: string; created_at: string };
    expect(new Date(m.created_at).toISOString()).toBe(m.created_at);
    const got = await call(v1, 'GET', `/messages/${m.id}`, { key: G });
    expect(got.status).toBe(200);
    expect((got.json as { id: string }).id).toBe(m.id);
  });

  it.each([
    ['missing to', { to: undefined }],
    ['to not E.164 (no plus)', { to: '14155550123' }],
    ['to starting with +0', { to: '+04155550123' }],
    ['to with 16 digits', { to: '+1234567890123456' }],
    ['to as number', { to: 14155550123 }],
    ['missing from', { from: undefined }],
    ['missing message', { message: undefined }],
    ['empty message', { message: '' }],
    ['1601 characters', { message: 'a'.repeat(1601) }],
    ['1601 emoji', { message: '😀'.repeat(1601) }],
  ])('rejects %s with 400 validation_error', async (_name, over) => {
    const res = await call(v1, 'POST', '/messages', { key: G, body: sendBody(over) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, error: 'validation_error' });
    expect(typeof (res.json as { message: string }).message).toBe('string');
    expect(Number.isNaN(Date.parse((res.json as { timestamp: string }).timestamp))).toBe(false);
  });

  it('accepts exactly 1600 characters counted as code points (1600 emoji = 3200 UTF-16 units)', async () => {
    expect((await call(v1, 'POST', '/messages', { key: G, body: sendBody({ message: 'a'.repeat(1600) }) })).status).toBe(201);
    expect((await call(v1, 'POST', '/messages', { key: G, body: sendBody({ message: '😀'.repeat(1600) }) })).status).toBe(201);
  });

  it('answers 400 to a body that is not JSON or not an object', async () => {
    for (const raw of ['{bad', '[]', '"x"', '']) {
      const res = await call(v1, 'POST', '/messages', { key: G, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
  });

  it('refuses free-form sends from Starter keys with 402', async () => {
    const res = await call(v1, 'POST', '/messages', { key: S, body: sendBody() });
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ error: 'tier_not_allowed' });
  });
});

describe('POST /v1/messages/send-template', () => {
  const tpl = (over: Record<string, unknown> = {}) => ({ template: 'otp-verify', to: '+14155550123', data: { code: '123456', company: 'Acme' }, ...over });

  it('renders the template; Starter without from uses the shared number', async () => {
    const res = await call(v1, 'POST', '/messages/send-template', { key: S, body: tpl() });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ message: 'Your Acme verification code is 123456.', from: SHARED_NUMBER, status: 'queued' });
  });

  it('uses the variant and keeps an explicit from', async () => {
    const res = await call(v1, 'POST', '/messages/send-template', { key: G, body: tpl({ variant: 'es', from: '+14155550100' }) });
    expect(res.json).toMatchObject({ message: 'Tu código de verificación de Acme es 123456.', from: '+14155550100' });
  });

  it('unknown template: 404 without fallback, the fallback text with one', async () => {
    expect((await call(v1, 'POST', '/messages/send-template', { key: G, body: tpl({ template: 'nope' }) })).status).toBe(404);
    const res = await call(v1, 'POST', '/messages/send-template', { key: G, body: tpl({ template: 'nope', fallback: 'plain text' }) });
    expect(res.status).toBe(201);
    expect((res.json as { message: string }).message).toBe('plain text');
  });

  it.each([
    ['missing variables', { data: { code: '1' } }],
    ['unknown variant', { variant: 'xx' }],
    ['to not E.164', { to: '555' }],
    ['missing template', { template: undefined }],
    ['data not an object', { data: 'x' }],
    ['metadata not an object', { metadata: [1] }],
  ])('rejects %s with 400', async (_name, over) => {
    expect((await call(v1, 'POST', '/messages/send-template', { key: G, body: tpl(over) })).status).toBe(400);
  });
});

describe('GET /v1/messages', () => {
  it('paginates newest first with {page, limit, total, has_more} and exact filters', async () => {
    const local = await startReference({ mode: 'simulator', lifecycle: { stepMs: 3 }, failingNumbers: ['+14155550666'] });
    try {
      const base = `${local.url}/v1`;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(((await call(base, 'POST', '/messages', { key: 'k', body: sendBody({ message: `m${i}` }) })).json as { id: string }).id);
      await call(base, 'POST', '/messages', { key: 'k', body: sendBody({ to: '+14155550666' }) });
      local.api.sendInbound({ from: '+14155550999', message: 'inbound' });
      const page1 = await call(base, 'GET', '/messages?limit=2', { key: 'k' });
      const body = page1.json as { data: { id: string }[]; pagination: unknown };
      expect(body.pagination).toEqual({ page: 1, limit: 2, total: 7, has_more: true });
      const page4 = (await call(base, 'GET', '/messages?limit=2&page=4', { key: 'k' })).json as { data: { id: string }[]; pagination: unknown };
      expect(page4.pagination).toEqual({ page: 4, limit: 2, total: 7, has_more: false });
      expect(page4.data.map((m) => m.id)).toEqual([ids[0]]);
      const inbound = (await call(base, 'GET', '/messages?direction=inbound', { key: 'k' })).json as { data: { direction: string }[] };
      expect(inbound.data).toHaveLength(1);
      expect(inbound.data[0]?.direction).toBe('inbound');
      await until(async () => ((await call(base, 'GET', '/messages?status=failed', { key: 'k' })).json as { data: unknown[] }).data.length === 1);
      await until(
        async () => ((await call(base, 'GET', '/messages?status=delivered&direction=outbound', { key: 'k' })).json as { data: unknown[] }).data.length === 5,
      );
    } finally {
      await local.stop();
    }
  });

  it.each(['page=0', 'page=-1', 'page=x', 'page=1.5', 'limit=0', 'limit=101', 'limit=', 'status=received', 'status=QUEUED', 'direction=both'])(
    'rejects %s with 400',
    async (q) => {
      expect((await call(v1, 'GET', `/messages?${q}`, { key: G })).status).toBe(400);
    },
  );

  it('accepts limit 100 and defaults to page 1, limit 20', async () => {
    expect((await call(v1, 'GET', '/messages?limit=100', { key: G })).status).toBe(200);
    expect(((await call(v1, 'GET', '/messages', { key: G })).json as { pagination: { page: number; limit: number } }).pagination).toMatchObject({
      page: 1,
      limit: 20,
    });
  });

  it('unknown message id is 404', async () => {
    const res = await call(v1, 'GET', '/messages/does-not-exist', { key: G });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, error: 'not_found' });
  });
});

describe('routing and user', () => {
  it('unknown route 404, wrong method 405 with Allow', async () => {
    expect((await call(v1, 'GET', '/nothing', { key: G })).status).toBe(404);
    expect((await call(ref.url, 'GET', '/messages', { key: G })).status).toBe(404);
    const res = await call(v1, 'PATCH', '/messages', { key: G });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect((await call(v1, 'DELETE', '/messages/send-template', { key: G })).status).toBe(405);
  });

  it('GET /v1/user/me answers {id, email, name, workspace_id, created_at}', async () => {
    const res = await call(v1, 'GET', '/user/me', { key: G });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json as object).sort()).toEqual(['created_at', 'email', 'id', 'name', 'workspace_id']);
    expect(res.text).not.toContain(G);
  });
});
