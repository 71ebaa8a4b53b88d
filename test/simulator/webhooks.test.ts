import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_SECRET_WARNING, startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { call } from './helpers/api.js';

const K = 'key';
let ref: ReferenceServer;
let v1: string;
const hosts = {
  'hooks.public.example': ['93.184.215.14', '2606:4700::1111'],
  'mixed.example': ['93.184.215.14', '10.0.0.5'],
  'private.example': ['192.168.1.10'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'cgnat.example': ['100.64.0.1'],
};
const events = ['message.sent'];

beforeAll(async () => {
  ref = await startReference({ keys: { [K]: { tier: 'growth', ratePerMinute: null } }, hosts });
  v1 = `${ref.url}/v1`;
});
afterAll(() => ref.stop());

const create = (body: unknown) => call(v1, 'POST', '/webhooks', { key: K, body });

describe('webhook URL rules', () => {
  it.each(['https://hooks.public.example/in', 'https://HOOKS.public.example./in?x=1', 'https://93.184.215.14/hook', 'https://[2606:4700::1111]:8443/hook'])(
    'accepts %s',
    async (url) => {
      expect((await create({ url, events })).status).toBe(201);
    },
  );

  it.each([
    ['http scheme', 'http://hooks.public.example/in'],
    ['ftp scheme', 'ftp://hooks.public.example/in'],
    ['userinfo', 'https://user:pw@hooks.public.example/in'],
    ['user only', 'https://user@hooks.public.example/in'],
    ['not a URL', 'not a url'],
    ['relative', '/hook'],
    ['unresolvable host', 'https://unknown.example/in'],
    ['localhost', 'https://localhost/in'],
    ['loopback', 'https://127.0.0.1/in'],
    ['IPv6 loopback', 'https://[::1]/in'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/in'],
    ['IPv4-compatible loopback', 'https://[::127.0.0.1]/in'],
    ['decimal loopback', 'https://2130706433/in'],
    ['hex loopback', 'https://0x7f.1/in'],
    ['octal loopback', 'https://017700000001/in'],
    ['short private', 'https://10.1/in'],
    ['private 10/8', 'https://10.0.0.1/in'],
    ['private 172.16/12', 'https://172.16.5.4/in'],
    ['private 192.168/16', 'https://192.168.0.1/in'],
    ['link local', 'https://169.254.169.254/latest'],
    ['carrier-grade NAT', 'https://100.64.1.1/in'],
    ['unspecified', 'https://0.0.0.0/in'],
    ['zero', 'https://0/in'],
    ['unique local', 'https://[fc00::1]/in'],
    ['fd unique local', 'https://[fd12:3456::1]/in'],
    ['IPv6 link local', 'https://[fe80::1]/in'],
    ['multicast', 'https://224.0.0.1/in'],
    ['broadcast', 'https://255.255.255.255/in'],
    ['a name resolving to one private address among public ones', 'https://mixed.example/in'],
    ['a name resolving to a private address', 'https://private.example/in'],
    ['a name resolving to IPv4-mapped loopback', 'https://mapped.example/in'],
    ['a name resolving to CGNAT', 'https://cgnat.example/in'],
  ])('rejects %s with 400', async (_name, url) => {
    const res = await create({ url, events });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, error: 'validation_error' });
  });

  it.each([
    ['missing url', { events }],
    ['missing events', { url: 'https://hooks.public.example/in' }],
    ['empty events', { url: 'https://hooks.public.example/in', events: [] }],
    ['unknown event', { url: 'https://hooks.public.example/in', events: ['message.received'] }],
    ['test event', { url: 'https://hooks.public.example/in', events: ['test.webhook.sent'] }],
    ['events not an array', { url: 'https://hooks.public.example/in', events: 'message.sent' }],
    ['url not a string', { url: 42, events }],
  ])('rejects %s with 400', async (_name, body) => {
    expect((await create(body)).status).toBe(400);
  });

  it('collapses duplicate events', async () => {
    const res = await create({ url: 'https://hooks.public.example/d', events: ['message.sent', 'message.sent', 'message.failed'] });
    expect((res.json as { events: string[] }).events).toEqual(['message.sent', 'message.failed']);
  });
});

describe('webhook lifecycle', () => {
  it('secret only in create and rotate; update, list, delete follow the spec', async () => {
    const created = await create({ url: 'https://hooks.public.example/a', events: ['message.sent', 'message.failed'] });
    expect(created.status).toBe(201);
    const w = created.json as Record<string, unknown> & { id: string; signing_secret: string };
    expect(w.signing_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(w.signing_secret_warning).toBe(SIGNING_SECRET_WARNING);
    expect(w).toMatchObject({ url: 'https://hooks.public.example/a', events: ['message.sent', 'message.failed'] });

    const listed = await call(v1, 'GET', '/webhooks', { key: K });
    expect(Array.isArray(listed.json)).toBe(true);
    expect(listed.text).not.toContain('signing_secret');
    expect(listed.text).not.toContain(w.signing_secret);

    const updated = await call(v1, 'PUT', `/webhooks/${w.id}`, { key: K, body: { url: 'https://hooks.public.example/b', events: ['message.delivered'] } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id: w.id, url: 'https://hooks.public.example/b', events: ['message.delivered'] });
    expect(updated.text).not.toContain('signing_secret');
    expect((await call(v1, 'PUT', `/webhooks/${w.id}`, { key: K, body: { events } })).status).toBe(400);
    expect((await call(v1, 'PUT', `/webhooks/${w.id}`, { key: K, body: { url: 'https://10.0.0.1/x', events } })).status).toBe(400);

    const rotated = await call(v1, 'POST', `/webhooks/${w.id}/rotate-secret`, { key: K });
    expect(rotated.status).toBe(200);
    const secret = (rotated.json as { signing_secret: string }).signing_secret;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(secret).not.toBe(w.signing_secret);
    expect(rotated.json).toMatchObject({ signing_secret_warning: SIGNING_SECRET_WARNING });

    const deliveries = await call(v1, 'GET', `/webhooks/${w.id}/deliveries`, { key: K });
    expect(deliveries.status).toBe(200);
    expect(deliveries.json).toEqual([]);

    const deleted = await call(v1, 'DELETE', `/webhooks/${w.id}`, { key: K });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await call(v1, 'DELETE', `/webhooks/${w.id}`, { key: K })).status).toBe(404);
    expect((await call(v1, 'GET', `/webhooks/${w.id}/deliveries`, { key: K })).status).toBe(404);
  });

  it.each(['PUT', 'DELETE'])('%s on an unknown or malformed id is 404', async (method) => {
    const body = { url: 'https://hooks.public.example/a', events };
    expect((await call(v1, method, '/webhooks/00000000-0000-4000-8000-000000000000', { key: K, body })).status).toBe(404);
    expect((await call(v1, method, '/webhooks/not-a-uuid', { key: K, body })).status).toBe(404);
  });

  it('deliveries: page >= 1, limit 1..100', async () => {
    const w = (await create({ url: 'https://hooks.public.example/p', events })).json as { id: string };
    for (const q of ['page=0', 'limit=0', 'limit=101', 'limit=abc']) {
      expect((await call(v1, 'GET', `/webhooks/${w.id}/deliveries?${q}`, { key: K })).status).toBe(400);
    }
    expect((await call(v1, 'GET', `/webhooks/${w.id}/deliveries?limit=100&page=3`, { key: K })).status).toBe(200);
  });
});
