// Issue 26 item 4: bytes pass through the proxy as they are, or the proxy says (marked) why it did not pass them.
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../proxy/index.js';
import type { RunningProxy } from '../../proxy/index.js';
import { bodyOf, headerOf, json, rawExchange, startTarget } from './raw-http.js';

let proxy: RunningProxy | undefined;
let target: Awaited<ReturnType<typeof startTarget>> | undefined;
afterEach(async () => {
  await proxy?.stop(100);
  await target?.stop();
  proxy = target = undefined;
});

const user = { id: 'u1', email: 'a@example.com', name: 'A', workspace_id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a002', created_at: '2024-01-01T00:00:00Z' };

describe('the proxy passes heads, bodies and trailers through', () => {
  it('passes a 200 KB request header and a 200 KB answer header that the target and client accept (Node and the old proxy stopped at 16 KB)', async () => {
    const big = 'v'.repeat(200_000);
    let seen: string | undefined;
    target = await startTarget(
      (req, res) => {
        seen = headerOf(req.rawHeaders, 'x-big-request');
        res.writeHead(200, { 'content-type': 'application/json', 'x-big-answer': big });
        res.end(JSON.stringify(user));
      },
      { maxHeaderSize: 1024 * 1024 },
    );
    proxy = await startProxy({ target: target.url });
    const answer = await rawExchange(`${proxy.url}/v1/user/me`, { headers: ['x-big-request', big], maxHeaderSize: 1024 * 1024 });
    expect(answer.status).toBe(200);
    expect(seen).toBe(big);
    expect(headerOf(answer.rawHeaders, 'x-big-answer')).toBe(big);
  });

  it('refuses a request head over 1 MiB with a 431 marked as its own, says why, and counts it as not graded', async () => {
    let reached = 0;
    target = await startTarget((_req, res) => ((reached += 1), json(res, 200, user)));
    proxy = await startProxy({ target: target.url });
    const answer = await rawExchange(`${proxy.url}/v1/user/me`, { headers: ['x-huge', 'v'.repeat(1024 * 1024 + 10)] });
    expect(answer.status).toBe(431);
    expect(headerOf(answer.rawHeaders, 'x-conformance-proxy')).toBe('refused');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ error: 'proxy_refused', message: expect.stringContaining('over 1048576 bytes') });
    expect(reached).toBe(0);
    expect([...proxy.notGraded]).toEqual([['refused by the proxy (431)', 1]]);
  });

  it('passes request trailers to the target and answer trailers back to the client', async () => {
    let got: { body: string; trailers: string[]; trailerHeader: string | undefined } | undefined;
    target = await startTarget(async (req, res) => {
      const body = (await bodyOf(req)).toString('utf8');
      got = { body, trailers: req.rawTrailers, trailerHeader: headerOf(req.rawHeaders, 'trailer') };
      res.writeHead(201, { 'content-type': 'application/json', trailer: 'X-Digest' });
      res.write('{"id":"m1",');
      res.addTrailers([['X-Digest', 'sha-256=abc']]);
      res.end('"status":"queued"}');
    });
    proxy = await startProxy({ target: target.url });
    const answer = await rawExchange(`${proxy.url}/v1/messages`, {
      method: 'POST',
      headers: ['content-type', 'application/json', 'transfer-encoding', 'chunked', 'trailer', 'X-Checksum', 'te', 'trailers'],
      body: '{"to":"+14155550123"}',
      trailers: [['X-Checksum', 'c0ffee']],
    });
    expect(got).toEqual({ body: '{"to":"+14155550123"}', trailers: ['X-Checksum', 'c0ffee'], trailerHeader: 'X-Checksum' });
    expect(answer.body.toString('utf8')).toBe('{"id":"m1","status":"queued"}');
    expect(headerOf(answer.rawHeaders, 'trailer')).toBe('X-Digest');
    expect(answer.rawTrailers).toEqual(['X-Digest', 'sha-256=abc']);
  });
});

/** An Upgrade request through `url`; resolves with the 101 head and what the tunnel echoed back to `send`. */
function upgrade(url: string, path: string, send: string): Promise<{ status: number; upgradeHeader?: string; echoed?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      agent: false,
    });
    req.on('upgrade', (res, socket: Socket, head: Buffer) => {
      let echoed = head.toString('utf8');
      socket.on('data', (chunk: Buffer) => {
        echoed += chunk.toString('utf8');
        if (echoed.length >= send.length) {
          socket.destroy();
          resolve({ status: res.statusCode ?? 0, upgradeHeader: res.headers.upgrade, echoed });
        }
      });
      socket.write(send);
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Upgrade through the proxy', () => {
  it('tunnels the switched protocol both ways once the target answers 101, and counts it as not graded', async () => {
    target = await startTarget((_req, res) => json(res, 404, {}));
    target.server.on('upgrade', (req, socket: Socket) => {
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${req.headers.upgrade}\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n`,
      );
      socket.on('data', (chunk: Buffer) => socket.write(chunk.toString('utf8').toUpperCase()));
    });
    proxy = await startProxy({ target: target.url });
    expect(await upgrade(proxy.url, '/v1/messages', 'hello through the tunnel')).toEqual({
      status: 101,
      upgradeHeader: 'websocket',
      echoed: 'HELLO THROUGH THE TUNNEL',
    });
    await proxy.stop(100);
    expect(proxy.tally.notGraded.get('tunnelled after Upgrade (101)')).toBe(1);
  });

  it('passes on the answer of a target that does not switch (426 here), on a connection that then closes', async () => {
    target = await startTarget((_req, res) => {
      res.writeHead(426, { 'content-type': 'application/json', upgrade: 'h2c' });
      res.end('{"error":"upgrade_required"}');
    });
    proxy = await startProxy({ target: target.url });
    expect(await upgrade(proxy.url, '/ws', 'x')).toEqual({ status: 426 });
  });

  it('answers CONNECT itself, marked, with 501: it forwards to one target and is no forward proxy', async () => {
    target = await startTarget((_req, res) => json(res, 200, user));
    proxy = await startProxy({ target: target.url });
    const status = await new Promise<{ status: number; mark?: string }>((resolve, reject) => {
      const req = request(proxy!.url, { method: 'CONNECT', path: 'example.com:443', agent: false });
      req.on(
        'connect',
        (res, socket: Socket) => (socket.destroy(), resolve({ status: res.statusCode ?? 0, mark: res.headers['x-conformance-proxy'] as string })),
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toEqual({ status: 501, mark: 'refused' });
  });
});
