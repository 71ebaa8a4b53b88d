import { describe, expect, it } from 'vitest';
import { faultCatalogue, startReference } from '../../simulator/index.js';
import type { Message } from '../../simulator/index.js';
import { call, sendBody } from './helpers/api.js';
import { startCapture } from './helpers/capture-server.js';
import { verifies } from './helpers/verify.js';

describe('simulator mode', () => {
  it('sends every event to the configured URL, signed with the simulator secret, and takes virtual-phone messages', async () => {
    const capture = await startCapture();
    const ref = await startReference({ mode: 'simulator', webhookUrl: `${capture.origin}/sim`, lifecycle: { stepMs: 3 }, webhookSecret: 'whsec_test' });
    try {
      const v1 = `${ref.url}/v1`;
      const created: Message[] = [];
      const off = ref.api.on('message.created', (m) => created.push(m));
      await call(v1, 'POST', '/messages', { key: 'whatever', body: sendBody() });
      await capture.waitFor((r) => r.some((x) => (x.json as { event: string }).event === 'message.delivered'));
      const inbound = ref.api.sendInbound({ from: '+14155550999', message: 'STOP' });
      const all = await capture.waitFor((r) => r.some((x) => (x.json as { event: string }).event === 'message.received'));
      const received = all.find((x) => (x.json as { event: string }).event === 'message.received')?.json as { data: Record<string, unknown> };
      expect(received.data).toMatchObject({ id: inbound.id, from: '+14155550999', to: ref.api.sharedNumber, message: 'STOP', status: 'received' });
      expect(Object.keys(received.data)).toEqual(expect.arrayContaining(['id', 'to', 'from', 'message', 'status', 'created_at']));
      for (const r of all) expect(verifies(r.headers['service-signature'], r.raw, 'whsec_test')).toBe(true);
      const listed = (await call(v1, 'GET', '/messages?direction=inbound', { key: 'x' })).json as { data: Message[] };
      expect(listed.data.map((m) => m.id)).toEqual([inbound.id]);
      expect(['queued', 'pending', 'sent', 'delivered', 'failed']).toContain(listed.data[0]?.status);
      expect(ref.api.listMessages({ number: '+14155550999' }).map((m) => m.id)).toEqual([inbound.id]);
      expect(created).toHaveLength(2);
      off();
      expect(() => ref.api.sendInbound({ from: '555', message: 'x' })).toThrow(/E\.164/);
    } finally {
      await ref.stop();
      await capture.stop();
    }
  });

  it('serves the UI from the given handler factory on its own port', async () => {
    const ref = await startReference({
      mode: 'simulator',
      ui: { port: 0, handler: (api) => (_req, res) => res.end(`ui ${api.mode}`) },
    });
    try {
      expect(ref.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(ref.uiUrl!)).text()).toBe('ui simulator');
    } finally {
      await ref.stop();
    }
  });

  it('stop() leaves no timers or sockets behind, even with lifecycles and retries pending', async () => {
    await new Promise((r) => setTimeout(r, 20)); // let handles closed by earlier tests leave the list
    const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const before = { timers: count('Timeout'), servers: count('TCPServerWrap'), sockets: count('TCPSocketWrap') };
    const capture = await startCapture();
    capture.answer = () => ({ status: 500 });
    const ref = await startReference({
      mode: 'simulator',
      webhookUrl: `${capture.origin}/x`,
      lifecycle: { stepMs: 50 },
      retry: { maxAttempts: 5, baseDelayMs: 1000 },
    });
    for (let i = 0; i < 5; i++) await call(`${ref.url}/v1`, 'POST', '/messages', { key: 'k', body: sendBody() });
    ref.api.sendInbound({ from: '+14155550999', message: 'hi' });
    await capture.waitFor((r) => r.length >= 1);
    await ref.stop();
    await ref.stop();
    await capture.stop();
    await new Promise((r) => setTimeout(r, 20)); // closed handles leave the list on the next loop turn
    expect(count('Timeout')).toBeLessThanOrEqual(before.timers);
    expect(count('TCPServerWrap')).toBeLessThanOrEqual(before.servers);
    expect(count('TCPSocketWrap')).toBeLessThanOrEqual(before.sockets);
  });
});

describe('options and faults', () => {
  it('unknown option values and fault ids throw clear errors', async () => {
    await expect(startReference({ mode: 'staging' as never })).rejects.toThrow(/mode is "staging": use one of production, simulator/);
    await expect(startReference({ keys: { k: { tier: 'gold' as never, ratePerMinute: null } } })).rejects.toThrow(/tier "gold"/);
    await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow(/unknown fault id "no-such-fault": use one of accepts-1601-chars/);
  });

  it('the catalogue has at least 35 unique kebab-case faults citing requirement ids', () => {
    expect(faultCatalogue.length).toBeGreaterThanOrEqual(35);
    expect(new Set(faultCatalogue.map((f) => f.id)).size).toBe(faultCatalogue.length);
    for (const f of faultCatalogue) {
      expect(f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.requirement).toMatch(/^[A-Z]+(-[A-Z0-9]+)+$/);
      expect(f.requirement.startsWith(`${f.area}-`)).toBe(true);
    }
  });

  it('every catalogue fault can be switched on', async () => {
    const ref = await startReference({ faults: faultCatalogue.map((f) => f.id) });
    await ref.stop();
  });

  it('a switched-on fault changes exactly its behaviour (accepts-1601-chars)', async () => {
    const ref = await startReference({ mode: 'simulator', faults: ['accepts-1601-chars'] });
    try {
      const v1 = `${ref.url}/v1`;
      expect((await call(v1, 'POST', '/messages', { key: 'k', body: sendBody({ message: 'a'.repeat(1601) }) })).status).toBe(201);
      expect((await call(v1, 'POST', '/messages', { key: 'k', body: sendBody({ message: 'a'.repeat(1602) }) })).status).toBe(400);
    } finally {
      await ref.stop();
    }
  });
});
