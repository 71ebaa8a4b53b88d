import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';

const running: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

async function start(): Promise<ReferenceServer> {
  const ref = await startReference({ mode: 'simulator', lifecycle: { stepMs: 20 }, ui: { port: 0 } });
  running.push(ref);
  return ref;
}

async function post(ref: ReferenceServer, path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(`${ref.uiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Opens /ui/events with node:http and collects the raw stream text. */
function openStream(url: string): Promise<{ text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/ui/events`, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      res.on('error', () => undefined);
      resolve({ text: () => text, ended });
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('virtual-phone UI endpoints', () => {
  it('serves one self-contained page with a nonce-only content security policy', async () => {
    const ref = await start();
    const res = await fetch(`${ref.uiUrl}/`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//i); // no external assets
    expect(html).not.toContain('/*SCRIPT*/');
  });

  it('lists phones and messages, sends from a phone, and refuses bad input with a clear message', async () => {
    const ref = await start();
    const created = await post(ref, `/ui/phones/${encodeURIComponent('+14155550100')}/send`, { message: '📦'.repeat(1600) });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ from: '+14155550100', to: ref.api.sharedNumber, direction: 'inbound' });
    expect((await post(ref, '/ui/phones', { number: '+447700900001' })).status).toBe(201);
    expect((await post(ref, '/ui/phones', { number: '+447700900001' })).json).toMatchObject({ added: false });

    const phones = (await (await fetch(`${ref.uiUrl}/ui/phones`)).json()) as { phones: { number: string; messages: number }[]; shared_number: string };
    expect(phones.shared_number).toBe(ref.api.sharedNumber);
    expect(phones.phones).toEqual([
      { number: '+14155550100', messages: 1, last_at: expect.any(String) },
      { number: '+447700900001', messages: 0, last_at: null },
    ]);
    const listed = (await (await fetch(`${ref.uiUrl}/ui/messages?number=%2B14155550100`)).json()) as { data: { id: string }[] };
    expect(listed.data.map((m) => m.id)).toEqual([(created.json.data as { id: string }).id]);

    const bad = [
      [await post(ref, '/ui/phones/12345/send', { message: 'hi' }), 400, /E\.164/],
      [await post(ref, '/ui/phones/%2B14155550100/send', { message: '' }), 400, /must not be empty/],
      [await post(ref, '/ui/phones/%2B14155550100/send', { message: 'x'.repeat(1601) }), 400, /1601 characters long: the maximum is 1600/],
      [await post(ref, '/ui/phones/%2B14155550100/send', { message: 'hi', to: 'nope' }), 400, /to must be an E\.164/],
      [await post(ref, '/ui/phones', { number: '0044 7700' }), 400, /E\.164/],
      [await post(ref, '/ui/phones/%2B14155550100/send', { message: 'hi' }, { 'content-type': 'text/plain' }), 415, /application\/json/],
      [
        await post(ref, '/ui/phones/%2B14155550100/send', { message: 'hi' }, { 'content-type': 'application/json', origin: 'http://evil.example' }),
        403,
        /not accepted/,
      ],
    ] as const;
    for (const [res, status, message] of bad) {
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    expect((await fetch(`${ref.uiUrl}/ui/messages?number=abc`)).status).toBe(400);
    expect((await fetch(`${ref.uiUrl}/nope`)).status).toBe(404);
    const wrong = await fetch(`${ref.uiUrl}/ui/events`, { method: 'POST' });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET']);
    expect(ref.api.listMessages()).toHaveLength(1); // nothing refused was stored
  });

  it('streams created and changed messages over SSE and closes the stream on stop() without leaking handles', async () => {
    await new Promise((r) => setTimeout(r, 20));
    const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
    const before = { timers: count('Timeout'), sockets: count('TCPSocketWrap'), servers: count('TCPServerWrap') };
    const ref = await startReference({ mode: 'simulator', lifecycle: { stepMs: 20 }, ui: { port: 0 } });
    const stream = await openStream(ref.uiUrl!);
    await until(() => stream.text().includes('event: ready'), 'the ready event');
    const res = await fetch(`${ref.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
      body: JSON.stringify({ to: '+14155550111', from: '+15550001111', message: 'hello <b>' }),
    });
    const id = ((await res.json()) as { id: string }).id;
    await until(() => stream.text().includes('"status":"delivered"'), 'the delivered change');
    const events = stream
      .text()
      .split('\n\n')
      .filter((e) => e.startsWith('event: message'));
    const parsed = events.map((e) => JSON.parse(e.split('\ndata: ')[1] ?? 'null') as { kind: string; message: { id: string; status: string } });
    expect(parsed.map((e) => [e.kind, e.message.id, e.message.status])).toEqual([
      ['created', id, 'queued'],
      ['changed', id, 'pending'],
      ['changed', id, 'sent'],
      ['changed', id, 'delivered'],
    ]);
    await ref.stop();
    await stream.ended;
    await new Promise((r) => setTimeout(r, 20));
    expect(count('Timeout')).toBeLessThanOrEqual(before.timers);
    expect(count('TCPSocketWrap')).toBeLessThanOrEqual(before.sockets);
    expect(count('TCPServerWrap')).toBeLessThanOrEqual(before.servers);
  });
});
