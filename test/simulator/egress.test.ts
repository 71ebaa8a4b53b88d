import diagnostics from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { startReference } from '../../simulator/index.js';
import type { DeliveryRecord } from '../../simulator/index.js';
import { call, sendBody, until } from './helpers/api.js';
import { startCapture } from './helpers/capture-server.js';

const K = 'key';
const keys = { [K]: { tier: 'growth' as const, ratePerMinute: null } };

describe('egress guard', () => {
  it('a public destination outside the router is recorded as failed (status_code null) without opening a socket', async () => {
    const ref = await startReference({
      keys,
      hosts: { 'outside.example': ['93.184.215.15'] },
      lifecycle: { stepMs: 3 },
      retry: { maxAttempts: 2, baseDelayMs: 2 },
    });
    let sockets = 0;
    const count = () => void sockets++;
    try {
      const v1 = `${ref.url}/v1`;
      const byIp = (await call(v1, 'POST', '/webhooks', { key: K, body: { url: 'https://93.184.215.16/hook', events: ['message.sent'] } })).json as {
        id: string;
      };
      const byName = (await call(v1, 'POST', '/webhooks', { key: K, body: { url: 'https://outside.example/hook', events: ['message.sent'] } })).json as {
        id: string;
      };
      const seen: DeliveryRecord[] = [];
      ref.api.on('delivery', (d) => seen.push(d));
      await call(v1, 'POST', '/messages', { key: K, body: sendBody() });
      // from here on the test itself makes no request: every socket would be the dispatcher's
      diagnostics.subscribe('net.client.socket', count);
      await until(() => seen.length === 4);
      await new Promise((r) => setTimeout(r, 20));
      diagnostics.unsubscribe('net.client.socket', count);
      expect(sockets).toBe(0);
      expect(seen.every((d) => d.status_code === null && d.response_body === '')).toBe(true);
      for (const id of [byIp.id, byName.id]) {
        const records = (await call(v1, 'GET', `/webhooks/${id}/deliveries`, { key: K })).json as DeliveryRecord[];
        expect(records.map((d) => d.status_code)).toEqual([null, null]);
      }
      const test = await call(v1, 'POST', `/webhooks/${byName.id}/test`, { key: K });
      expect(test.status).toBe(200);
      expect(test.json).toMatchObject({ success: false, status_code: null, delivery: { status_code: null, test: true } });
    } finally {
      diagnostics.unsubscribe('net.client.socket', count);
      await ref.stop();
    }
  });

  it('the counter above does see sockets when a delivery is allowed (the test can fail)', async () => {
    const capture = await startCapture();
    const ref = await startReference({ mode: 'simulator', webhookUrl: `${capture.origin}/sim` });
    let sockets = 0;
    const count = () => void sockets++;
    try {
      diagnostics.subscribe('net.client.socket', count);
      ref.api.sendInbound({ from: '+14155550999', message: 'hi' });
      await capture.waitFor((r) => r.length === 1);
      expect(sockets).toBeGreaterThan(0);
    } finally {
      diagnostics.unsubscribe('net.client.socket', count);
      await ref.stop();
      await capture.stop();
    }
  });

  it('rejects egress routes that do not lead to loopback', async () => {
    await expect(startReference({ egress: { 'https://a.example': 'https://93.184.215.14' } })).rejects.toThrow(/not a loopback origin/);
    await expect(startReference({ egress: ['https://93.184.215.14'] })).rejects.toThrow(/not a loopback origin/);
  });
});

describe('HTTPS deliveries', () => {
  it('trust the PEMs in trustedCa and fail (status_code null) without them', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const capture = await startCapture({ key: pems.private, cert: pems.cert });
    const options = { keys, hosts: { 'secure.example': ['93.184.215.14'] }, egress: { 'https://secure.example': capture.origin } };
    for (const [trustedCa, expected] of [
      [pems.cert, 200],
      [undefined, null],
    ] as const) {
      const ref = await startReference({ ...options, ...(trustedCa ? { trustedCa } : {}) });
      try {
        const v1 = `${ref.url}/v1`;
        const w = (await call(v1, 'POST', '/webhooks', { key: K, body: { url: 'https://secure.example/tls', events: ['message.sent'] } })).json as {
          id: string;
        };
        const res = await call(v1, 'POST', `/webhooks/${w.id}/test`, { key: K });
        expect((res.json as { status_code: number | null }).status_code).toBe(expected);
      } finally {
        await ref.stop();
      }
    }
    expect(capture.requests).toHaveLength(1);
    await capture.stop();
  });
});
