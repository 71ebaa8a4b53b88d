import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryStore, startReceiver } from '../../receiver/index.js';
import type { Delivery, Receiver } from '../../receiver/index.js';
import { closeAgents, makeAgent, post } from './helpers.js';

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await closeAgents();
  await receiver.stop();
});

describe('capture', () => {
  it('keeps the raw bytes, method, path, query, lower-cased headers with duplicates, and arrival facts', async () => {
    const raw = Buffer.concat([Buffer.from('{"event": "message.sent" ,\n "data":{"x":"é"}}'), Buffer.from([0xff])]);
    const before = Date.now();
    const res = await post(`${receiver.httpUrl}/hooks/a?x=1&x=2&y=3`, raw, ['Content-Type', 'application/json', 'X-Dup', 'one', 'x-dup', 'two']);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"ok":true}');
    const [d] = receiver.store.all();
    expect(d).toBeDefined();
    if (!d) return;
    expect(d.raw.equals(raw)).toBe(true);
    expect(d.size).toBe(raw.length);
    expect(d.method).toBe('POST');
    expect(d.path).toBe('/hooks/a');
    expect(d.url).toBe('/hooks/a?x=1&x=2&y=3');
    expect(d.query).toEqual({ x: ['1', '2'], y: '3' });
    expect(d.headers['content-type']).toBe('application/json');
    expect(d.headers['x-dup']).toBe('one, two');
    expect(d.headerPairs.filter(([n]) => n === 'x-dup')).toEqual([
      ['x-dup', 'one'],
      ['x-dup', 'two'],
    ]);
    expect(d.seq).toBe(1);
    expect(d.transport).toBe('http');
    expect(d.receivedAt).toBeGreaterThanOrEqual(before);
    expect(d.monotonicMs).toBeGreaterThan(0);
    // The trailing 0xff byte is kept as is in `raw`, and makes the JSON parse fail.
    expect(d.json).toBeUndefined();
    expect(d.jsonError).toMatch(/JSON|Unexpected/i);
    expect(d.flags).toEqual({ oversize: false, aborted: false });
    // the body answered, and when the answer left (on the monotonic clock, as epoch ms): the run's history reads both
    expect(d.answer).toEqual({ status: 200, delayMs: 0, body: '{"ok":true}', answeredAt: expect.any(Number) });
    expect(d.answer.answeredAt).toBeGreaterThanOrEqual(performance.timeOrigin + d.monotonicMs);
  });

  it('parses a JSON {event, data} payload and numbers deliveries in order', async () => {
    await post(`${receiver.httpUrl}/h`, '{"event":"message.failed","data":{"id":"m1","failure_reason":"x"}}');
    await post(`${receiver.httpUrl}/h`, '');
    const [a, b] = receiver.store.all();
    expect(a?.json).toEqual({ event: 'message.failed', data: { id: 'm1', failure_reason: 'x' } });
    expect(a?.event).toBe('message.failed');
    expect(b?.seq).toBe(2);
    expect(b?.jsonError).toBe('empty body');
    expect(receiver.store.byPath('/h')).toHaveLength(2);
    expect(receiver.store.byPath('/other')).toHaveLength(0);
    receiver.store.clear();
    expect(receiver.store.all()).toHaveLength(0);
  });

  it('treats header names like "__proto__" as data', async () => {
    await post(`${receiver.httpUrl}/p?__proto__=1&constructor=2`, '{}', ['constructor', 'c']);
    const d = await receiver.store.waitFor();
    expect(d.headers.constructor).toBe('c');
    expect(d.query['__proto__']).toBe('1');
  });
});

describe('waitFor', () => {
  it('resolves with a past delivery, a future one, and the first N', async () => {
    await post(`${receiver.httpUrl}/past`, '{"n":1}');
    await expect(receiver.store.waitFor((d) => d.path === '/past', 100)).resolves.toMatchObject({ seq: 1 });
    const future = receiver.store.waitFor((d) => d.path === '/future', 2_000);
    const two = receiver.store.waitForCount(2, (d) => d.path.startsWith('/f'), 2_000);
    await post(`${receiver.httpUrl}/future`, '{"n":2}');
    await post(`${receiver.httpUrl}/future`, '{"n":3}');
    await expect(future).resolves.toMatchObject({ seq: 2, json: { n: 2 } });
    expect((await two).map((d) => d.seq)).toEqual([2, 3]);
  });

  it('rejects on timeout with a message that says how many arrived', async () => {
    await post(`${receiver.httpUrl}/x`, '{}');
    await post(`${receiver.httpUrl}/x`, '{}');
    const error = await receiver.store.waitFor((d) => d.path === '/never', 80).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'wait_timeout' });
    expect((error as Error).message).toMatch(/timed out after 80 ms.*2 deliveries arrived/);
  });

  it('with a backlog, waits on while other deliveries keep arriving at the path, and no longer than maxMs', async () => {
    // the store alone (no HTTP): a pause and the wait's timer are ordered by their due times even on a loaded machine
    const store = new DeliveryStore();
    const arrive = (path: string): void => store.add({ path } as Delivery);
    const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));
    const backlog = { while: (d: Delivery) => d.path === '/busy', maxMs: 5_000 };
    const started = Date.now();
    const late = store.waitFor((d) => d.path === '/late', 1_000, backlog);
    for (let i = 0; i < 15; i++) {
      arrive('/busy');
      await pause();
    }
    arrive('/late');
    await expect(late).resolves.toMatchObject({ path: '/late' });
    expect(Date.now() - started).toBeGreaterThan(1_000); // the plain timeout alone would have rejected

    const begun = Date.now();
    let settled = false;
    const bounded = store.waitFor((d) => d.path === '/never', 1_000, { ...backlog, maxMs: 1_500 }).catch((e: unknown) => e);
    void bounded.then(() => (settled = true));
    for (let i = 0; i < 60 && !settled; i++) {
      arrive('/busy');
      await pause();
    }
    const error = await bounded;
    expect(error).toMatchObject({ code: 'wait_timeout' });
    expect((error as Error).message).toMatch(/restarted by \d+ arrivals of a backlog/);
    expect(Date.now() - begun).toBeGreaterThanOrEqual(1_490);
    expect(Date.now() - begun).toBeLessThan(5_000);
  });

  it('lets a listener see each delivery as it arrives', async () => {
    const seen: number[] = [];
    const off = receiver.store.onDelivery((d) => seen.push(d.seq));
    await post(`${receiver.httpUrl}/l`, '{}');
    off();
    await post(`${receiver.httpUrl}/l`, '{}');
    expect(seen).toEqual([1]);
  });
});

describe('programmable answers', () => {
  it('answers by longest path prefix with status, headers and body', async () => {
    receiver.respond('/hooks', { status: 500, body: { error: 'boom' } });
    receiver.respond('/hooks/ok', { status: 202, body: 'fine', headers: { 'x-answer': 'yes', 'content-type': 'text/plain' } });
    const a = await post(`${receiver.httpUrl}/hooks/x`, '{}');
    const b = await post(`${receiver.httpUrl}/hooks/ok/1`, '{}');
    const c = await post(`${receiver.httpUrl}/elsewhere`, '{}');
    expect([a.status, a.text]).toEqual([500, '{"error":"boom"}']);
    expect([b.status, b.text, b.headers['x-answer']]).toEqual([202, 'fine', 'yes']);
    expect([c.status, c.text]).toEqual([200, '{"ok":true}']);
    expect(receiver.store.all().map((d) => d.answer.status)).toEqual([500, 202, 200]);
    receiver.respond('/hooks', undefined);
    expect((await post(`${receiver.httpUrl}/hooks/x`, '{}')).status).toBe(200);
  });

  it('applies a `times` answer only that many times, then falls back', async () => {
    receiver.respond('/r', { status: 503, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(`${receiver.httpUrl}/r`, '{}')).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('pads the body to bodySize characters (response_body truncation, spec §2.4)', async () => {
    receiver.respond('/big', { bodySize: 5000 });
    const res = await post(`${receiver.httpUrl}/big`, '{}');
    expect(res.text).toHaveLength(5000);
    expect(res.text.startsWith('{"ok":true}abc')).toBe(true);
    receiver.respond('/small', { body: 'abcdef', bodySize: 3 });
    expect((await post(`${receiver.httpUrl}/small`, '{}')).text).toBe('abc');
  });

  it('delays the answer but stores the delivery on arrival', async () => {
    receiver.respond('/slow', { delayMs: 250 });
    const started = performance.now();
    const pending = post(`${receiver.httpUrl}/slow`, '{}');
    const d = await receiver.store.waitFor((x) => x.path === '/slow', 2_000);
    expect(performance.now() - started).toBeLessThan(250);
    expect((await pending).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(d.answer).toEqual({ status: 200, delayMs: 250, body: '{"ok":true}', answeredAt: expect.any(Number) });
    expect(d.answer.answeredAt).toBeGreaterThanOrEqual(performance.timeOrigin + d.monotonicMs + 240);
  });

  it('holds an answer until its `until` settles (a test step in between), then answers', async () => {
    let release: () => void = () => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    receiver.respond('/held', { status: 500, until });
    const pending = post(`${receiver.httpUrl}/held`, '{}');
    const d = await receiver.store.waitFor((x) => x.path === '/held', 2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(d.answer.answeredAt).toBeUndefined();
    const released = performance.timeOrigin + performance.now();
    release();
    expect((await pending).status).toBe(500);
    expect(d.answer.answeredAt).toBeGreaterThanOrEqual(released);
  });

  it('closes the socket without answering when told to', async () => {
    receiver.respond('/drop', { close: true });
    await expect(post(`${receiver.httpUrl}/drop`, '{}', undefined, makeAgent())).rejects.toThrow(/socket|closed|other side/i);
    expect(receiver.store.all()[0]?.answer.status).toBeNull();
  });

  it('refuses an invalid answer definition', () => {
    expect(() => receiver.respond('/x', { status: 99 })).toThrowError(expect.objectContaining({ code: 'invalid_option' }));
    expect(() => receiver.respond('x', {})).toThrow(/must start with/);
  });
});
