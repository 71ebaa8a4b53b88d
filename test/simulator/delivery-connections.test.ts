import { describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { startReference } from '../../simulator/index.js';
import type { ReferenceOptions } from '../../simulator/index.js';
import { call, sendBody, until } from './helpers/api.js';
import { startCapture } from './helpers/capture-server.js';
import type { CaptureServer } from './helpers/capture-server.js';

// Deliveries go out on keep-alive connections (simulator/webhooks/keep-alive-agents.ts): a contract run's few hundred
// deliveries to one receiver no longer pay a TLS handshake each.
const K = 'key';
const ALL = ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'];

async function withReference(capture: CaptureServer, extra: Partial<ReferenceOptions>, body: (v1: string) => Promise<void>): Promise<void> {
  const ref = await startReference({
    keys: { [K]: { tier: 'growth', ratePerMinute: null } },
    hosts: { 'hooks.test.example': ['93.184.215.14'] },
    egress: { 'https://hooks.test.example': capture.origin },
    lifecycle: { stepMs: 3 },
    ...extra,
  });
  try {
    await body(`${ref.url}/v1`);
  } finally {
    await ref.stop();
  }
}

const hook = async (v1: string) =>
  (await call(v1, 'POST', '/webhooks', { key: K, body: { url: 'https://hooks.test.example/in', events: ALL } })).json as { id: string };

describe('delivery connections', () => {
  it("a message's lifecycle deliveries share one connection, which the reference closes when it stops", async () => {
    const capture = await startCapture();
    try {
      await withReference(capture, {}, async (v1) => {
        await hook(v1);
        await call(v1, 'POST', '/messages', { key: K, body: sendBody() });
        await capture.waitFor((r) => r.length === 5);
        expect(capture.requests.map((r) => r.path)).toEqual(['/in', '/in', '/in', '/in', '/in']);
        expect(capture.connections.accepted).toBe(1);
      });
      await until(() => capture.connections.open === 0);
    } finally {
      await capture.stop();
    }
  });

  it('over TLS, with the trusted CA: test sends share one verified connection', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const capture = await startCapture({ key: pems.private, cert: pems.cert });
    try {
      await withReference(capture, { trustedCa: pems.cert }, async (v1) => {
        const w = await hook(v1);
        for (let i = 0; i < 3; i++) {
          const res = await call(v1, 'POST', `/webhooks/${w.id}/test`, { key: K });
          expect((res.json as { status_code: number | null }).status_code).toBe(200);
        }
        expect(capture.connections.accepted).toBe(1);
      });
    } finally {
      await capture.stop();
    }
  });

  it('an idle connection is closed by the dispatcher before a receiver would close it, and the next delivery opens a new one', async () => {
    const capture = await startCapture();
    try {
      await withReference(capture, {}, async (v1) => {
        const w = await hook(v1);
        expect((await call(v1, 'POST', `/webhooks/${w.id}/test`, { key: K })).status).toBe(200);
        expect(capture.connections.open).toBe(1); // kept for the next delivery
        // the idle limit is 1 s (keep-alive-agents.ts), under Node's default 5 s keep-alive timeout of a receiver
        await until(() => capture.connections.open === 0, 4000);
        const again = await call(v1, 'POST', `/webhooks/${w.id}/test`, { key: K });
        expect((again.json as { status_code: number | null }).status_code).toBe(200);
        expect(capture.connections.accepted).toBe(2);
      });
    } finally {
      await capture.stop();
    }
  });
});
