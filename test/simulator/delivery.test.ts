import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReference, FAILURE_REASON } from '../../simulator/index.js';
import type { ReferenceServer, ReferenceOptions, DeliveryRecord } from '../../simulator/index.js';
import { call, sendBody, until } from './helpers/api.js';
import { startCapture } from './helpers/capture-server.js';
import type { CaptureServer, Captured } from './helpers/capture-server.js';
import { verifies } from './helpers/verify.js';

const K = 'key';
const HOOK = 'https://hooks.test.example';
const ALL = ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'];
let capture: CaptureServer;
let ref: ReferenceServer;
let v1: string;

async function start(extra: Partial<ReferenceOptions> = {}): Promise<void> {
  ref = await startReference({
    keys: { [K]: { tier: 'growth', ratePerMinute: null } },
    hosts: { 'hooks.test.example': ['93.184.215.14'], 'outside.example': ['93.184.215.15'] },
    egress: { [HOOK]: capture.origin },
    lifecycle: { stepMs: 3 },
    failingNumbers: ['+14155550666'],
    retry: { maxAttempts: 3, baseDelayMs: 5 },
    deliveryTimeoutMs: 2000,
    ...extra,
  });
  v1 = `${ref.url}/v1`;
}

async function webhook(events: string[], path = '/in', origin = HOOK): Promise<{ id: string; signing_secret: string }> {
  const res = await call(v1, 'POST', '/webhooks', { key: K, body: { url: `${origin}${path}`, events } });
  expect(res.status).toBe(201);
  return res.json as { id: string; signing_secret: string };
}

const events = (reqs: Captured[], path = '/in') => reqs.filter((r) => r.path === path).map((r) => (r.json as { event: string }).event);
const deliveries = async (id: string) => (await call(v1, 'GET', `/webhooks/${id}/deliveries`, { key: K })).json as DeliveryRecord[];

beforeAll(async () => {
  capture = await startCapture();
});
afterAll(() => capture.stop());
afterEach(async () => {
  await ref.stop();
  capture.requests.length = 0;
  capture.answer = () => ({ status: 200, body: 'ok' });
});

describe('lifecycle events', () => {
  it('queued → pending → sent → delivered, each signed, in order', async () => {
    await start();
    const w = await webhook(ALL);
    const m = (await call(v1, 'POST', '/messages', { key: K, body: sendBody() })).json as { id: string };
    await capture.waitFor((r) => events(r).includes('message.delivered'));
    expect(events(capture.requests)).toEqual([
      'message.status.updated', // pending
      'message.status.updated', // sent
      'message.sent',
      'message.status.updated', // delivered
      'message.delivered',
    ]);
    const statuses = capture.requests.map((r) => (r.json as { data: { status: string } }).data.status);
    expect(statuses).toEqual(['pending', 'sent', 'sent', 'delivered', 'delivered']);
    for (const r of capture.requests) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['service-event']).toBe((r.json as { event: string }).event);
      expect(r.headers['service-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers.host).toBe('hooks.test.example');
      expect(verifies(r.headers['service-signature'], r.raw, w.signing_secret)).toBe(true);
      expect(verifies(r.headers['service-signature'], Buffer.concat([r.raw, Buffer.from(' ')]), w.signing_secret)).toBe(false);
      expect((r.json as { data: { id: string } }).data.id).toBe(m.id);
    }
    const sent = capture.requests.find((r) => (r.json as { event: string }).event === 'message.sent')?.json as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({ id: m.id, to: '+14155550123', direction: 'outbound', status: 'sent' });
    await until(async () => (await deliveries(w.id)).length === 5);
    const records = await deliveries(w.id);
    expect(records.every((d) => d.status_code === 200 && d.response_body === 'ok' && d.test === false && d.webhook_id === w.id)).toBe(true);
    expect(records[0]?.event).toBe('message.delivered'); // newest first
  });

  it('a failing number ends failed with failure_reason; only subscribed events are delivered', async () => {
    await start();
    await webhook(['message.failed'], '/failed');
    await webhook(['message.sent'], '/sent');
    await call(v1, 'POST', '/messages', { key: K, body: sendBody({ to: '+14155550666' }) });
    await capture.waitFor((r) => events(r, '/failed').length === 1);
    const failed = capture.requests.find((r) => r.path === '/failed')?.json as { data: Record<string, unknown> };
    expect(failed.data).toMatchObject({ status: 'failed', failure_reason: FAILURE_REASON });
    expect(typeof failed.data.id).toBe('string');
    await new Promise((r) => setTimeout(r, 30));
    expect(events(capture.requests, '/sent')).toEqual([]);
    const listed = (await call(v1, 'GET', '/messages?status=failed', { key: K })).json as { data: unknown[] };
    expect(listed.data).toHaveLength(1);
  });
});

describe('retries and records', () => {
  it('retries non-2xx with the same delivery id, one record per attempt, bodies cut to 1000 characters', async () => {
    await start();
    capture.answer = (_r, i) => (i < 2 ? { status: 500, body: 'é'.repeat(3000) } : { status: 200, body: 'fine' });
    const w = await webhook(['message.sent']);
    await call(v1, 'POST', '/messages', { key: K, body: sendBody() });
    await capture.waitFor((r) => r.length === 3);
    const ids = new Set(capture.requests.map((r) => r.headers['service-delivery-id']));
    expect(ids.size).toBe(1);
    await until(async () => (await deliveries(w.id)).length === 3);
    const records = await deliveries(w.id);
    expect(records.map((d) => d.status_code)).toEqual([200, 500, 500]);
    expect(records[1]?.response_body).toBe('é'.repeat(1000));
    expect(new Set(records.map((d) => d.id)).size).toBe(3);
    await new Promise((r) => setTimeout(r, 40));
    expect(capture.requests).toHaveLength(3);
  });

  it('gives up after maxAttempts and never follows redirects', async () => {
    await start({ retry: { maxAttempts: 2, baseDelayMs: 2 } });
    capture.answer = (r) => (r.path === '/moved' ? { status: 302, body: '' } : { status: 200 });
    const w = await webhook(['message.sent'], '/moved');
    await call(v1, 'POST', '/messages', { key: K, body: sendBody() });
    await until(async () => (await deliveries(w.id)).length === 2);
    await new Promise((r) => setTimeout(r, 30));
    expect(capture.requests.map((r) => r.path)).toEqual(['/moved', '/moved']);
    expect((await deliveries(w.id)).map((d) => d.status_code)).toEqual([302, 302]);
  });

  it('after rotate-secret deliveries are signed with the new secret only', async () => {
    await start();
    const w = await webhook(['message.sent']);
    const rotated = (await call(v1, 'POST', `/webhooks/${w.id}/rotate-secret`, { key: K })).json as { signing_secret: string };
    await call(v1, 'POST', '/messages', { key: K, body: sendBody() });
    const [r] = await capture.waitFor((all) => all.length === 1);
    expect(verifies(r?.headers['service-signature'], r!.raw, rotated.signing_secret)).toBe(true);
    expect(verifies(r?.headers['service-signature'], r!.raw, w.signing_secret)).toBe(false);
  });
});

describe('POST /v1/webhooks/{id}/test', () => {
  it('records a test delivery and answers 200 on success and on failure', async () => {
    await start();
    const w = await webhook(['message.sent']);
    const ok = await call(v1, 'POST', `/webhooks/${w.id}/test`, { key: K });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, status_code: 200, delivery: { event: 'test.webhook.sent', test: true, webhook_id: w.id } });
    expect((capture.requests[0]?.json as { event: string }).event).toBe('test.webhook.sent');
    capture.answer = () => ({ status: 503, body: 'down' });
    const bad = await call(v1, 'POST', `/webhooks/${w.id}/test`, { key: K });
    expect(bad.status).toBe(200);
    expect(bad.json).toMatchObject({ success: false, status_code: 503 });
    expect(typeof (bad.json as { message: string }).message).toBe('string');
    expect(capture.requests).toHaveLength(2); // no retries for tests
    const records = await deliveries(w.id);
    expect(records.map((d) => [d.status_code, d.test])).toEqual([
      [503, true],
      [200, true],
    ]);
  });
});
