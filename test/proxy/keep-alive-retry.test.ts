// Issue 26 item 2: a request that fails on a kept-alive connection the target gave up on, before any byte of the
// answer, is sent again on a fresh connection when that is safe, and never when the target may have acted on it.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startForwarder, startProxy } from '../../proxy/index.js';
import type { RunningForwarder, RunningProxy } from '../../proxy/index.js';
import { bodyOf, headerOf, json, rawExchange, startTarget } from './raw-http.js';

let session: RunningProxy | RunningForwarder | undefined;
let target: { stop(): Promise<void> } | undefined;
afterEach(async () => {
  await session?.stop(100);
  await target?.stop();
  session = target = undefined;
});

/**
 * A target that answers the first request of each connection and closes the connection, unanswered, when a second
 * request arrives on it: what a server does that closes an idle kept-alive connection just as a request comes in.
 */
async function closingTarget() {
  const served = new Map<Socket, number>();
  const received: string[] = [];
  const started = await startTarget(async (req: IncomingMessage, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    await bodyOf(req);
    received.push(`${req.method} #${count}`);
    if (count > 1) return void req.socket.destroy();
    json(res, req.method === 'POST' ? 201 : 200, { id: 'm1' });
  });
  return { ...started, received };
}

const api = (extra: string[] = []) => ['content-type', 'application/json', 'x-api-key', 'retry-test-key-0001', ...extra];

describe('an idle limit the target keeps without saying so', () => {
  it('is learned from a connection the target closed while idle (0.8 s): later ones the proxy closes first (0.64 s)', async () => {
    const connections = new Set<Socket>();
    const received: number[] = [];
    const timers = new Map<Socket, NodeJS.Timeout>();
    const idle = await startTarget((req, res) => {
      clearTimeout(timers.get(req.socket));
      connections.add(req.socket);
      received.push(connections.size);
      res.on('finish', () =>
        timers.set(
          req.socket,
          setTimeout(() => req.socket.destroy(), 800),
        ),
      );
      json(res, 200, { id: 'm1' });
    });
    idle.server.keepAliveTimeout = 0; // no Keep-Alive header, no close of Node's own
    target = { stop: () => (timers.forEach(clearTimeout), idle.stop()) };
    session = await startProxy({ target: idle.url });
    const get = async () => expect((await rawExchange(`${session!.url}/v1/messages/m1`, { headers: api() })).status).toBe(200);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await get();
    await get(); // reused: idle for no time at all
    await pause(950); // the target closes it after 0.8 s idle (before the proxy's own 1 s): the proxy learns 0.64 s
    await get();
    await pause(760); // under the target's limit, over the learned one: the proxy closed it first
    await get();
    expect(received).toEqual([1, 1, 2, 3]);
  }, 20_000);
});

describe('a request on a kept-alive connection the target closed', () => {
  it.each([
    ['GET', 'GET', []],
    ['PUT', 'PUT', []],
    ['DELETE', 'DELETE', []],
    ['POST with an Idempotency-Key', 'POST', ['idempotency-key', 'order-7']],
  ])('%s is sent again on a fresh connection: the client gets the target answer, not a false 502', async (_kind, method, extra) => {
    const closing = await closingTarget();
    target = closing;
    session = await startProxy({ target: closing.url });
    const first = await rawExchange(`${session.url}/v1/messages`, { method: 'POST', headers: api(['idempotency-key', 'order-6']), body: '{}' });
    expect(first.status).toBe(201);
    const second = await rawExchange(`${session.url}/v1/messages`, {
      method,
      headers: api(extra),
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });
    expect(second.status).toBe(method === 'POST' ? 201 : 200);
    expect(headerOf(second.rawHeaders, 'x-conformance-proxy')).toBeUndefined();
    // the attempt on the closed connection, then the one on a fresh connection
    expect(closing.received).toEqual(['POST #1', `${method} #2`, `${method} #1`]);
  });

  it('a POST without an Idempotency-Key that reached the target is not sent twice: the client gets a 502 marked as the proxy own', async () => {
    const closing = await closingTarget();
    target = closing;
    session = await startProxy({ target: closing.url });
    await rawExchange(`${session.url}/v1/messages`, { method: 'POST', headers: api(), body: '{}' });
    const second = await rawExchange(`${session.url}/v1/messages`, { method: 'POST', headers: api(), body: '{"to":"+14155550123"}' });
    expect(second.status).toBe(502);
    expect(headerOf(second.rawHeaders, 'x-conformance-proxy')).toBe('no-answer-from-target');
    expect(closing.received).toEqual(['POST #1', 'POST #2']);
  });

  it('a request that fails on a fresh connection is not sent again (the target itself fails, not a stale connection)', async () => {
    const received: string[] = [];
    const failing = await startTarget((req) => (received.push(req.method ?? ''), req.socket.destroy()));
    target = failing;
    session = await startProxy({ target: failing.url });
    const answer = await rawExchange(`${session.url}/v1/messages/m1`, { headers: api() });
    expect(answer.status).toBe(502);
    expect(received).toEqual(['GET']);
  });

  it('the forwarder sends a delivery again on a fresh connection: its delivery id lets the consumer tell a repeat', async () => {
    const closing = await closingTarget();
    target = closing;
    session = await startForwarder({ forward: closing.url });
    const delivery = ['content-type', 'application/json', 'service-delivery-id', 'd_1'];
    expect((await rawExchange(`${session.url}/hooks`, { method: 'POST', headers: delivery, body: '{"event":"message.sent","data":{"id":"m1"}}' })).status).toBe(
      201,
    );
    const second = await rawExchange(`${session.url}/hooks`, { method: 'POST', headers: delivery, body: '{"event":"message.sent","data":{"id":"m1"}}' });
    expect(second.status).toBe(201);
    expect(closing.received).toEqual(['POST #1', 'POST #2', 'POST #1']);
  });
});
