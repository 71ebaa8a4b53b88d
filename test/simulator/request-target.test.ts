import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { sendBody } from './helpers/api.js';

// The reference splits plain request targets itself and reads no body from a request that announces none
// (simulator/http/api-listener.ts, read-body.ts), and hands Node its JSON bodies as text (reply.ts): raw requests
// here, because fetch would normalise the targets and always frame the bodies.
const K = 'key';
let ref: ReferenceServer;

beforeAll(async () => {
  ref = await startReference({ keys: { [K]: { tier: 'growth', ratePerMinute: null } }, lifecycle: { stepMs: 3 } });
});
afterAll(() => ref.stop());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/** One raw request to the reference: the target sent as given, the body written as the chunks given (chunked when more than one). */
function raw(method: string, target: string, headers: Record<string, string> = {}, chunks: string[] = []): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(ref.url);
    const req = http.request({ host: hostname, port, method, path: target, headers: { 'x-api-key': K, ...headers }, timeout: 10_000 }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(parts) }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer')));
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('request targets', () => {
  it('a target with dot segments or characters URL parsing encodes is answered as its normalised form', async () => {
    const plain = await raw('GET', '/v1/messages?limit=1');
    expect(plain.status).toBe(200);
    for (const target of ['/v1/messages/../messages?limit=1', '/v1/./messages?limit=1', '/v1/messages?limit=1&x=a%20b&y=<>']) {
      const res = await raw('GET', target);
      expect(res.status, target).toBe(200);
      expect(Object.keys(JSON.parse(res.bytes.toString('utf8')) as object), target).toEqual(Object.keys(JSON.parse(plain.bytes.toString('utf8')) as object));
    }
    const notFound = await raw('GET', '/v1/messages/%7Bid%7D/x');
    expect(notFound.status).toBe(404);
  });

  it('a query of a plain target reads as URLSearchParams would read it', async () => {
    const bad = await raw('GET', '/v1/messages?limit=0');
    expect(bad.status).toBe(400);
    const encoded = await raw('GET', '/v1/messages?limit=%31');
    expect(encoded.status).toBe(200);
    expect((JSON.parse(encoded.bytes.toString('utf8')) as { data: unknown[] }).data.length).toBeLessThanOrEqual(1);
  });
});

describe('request bodies and reply bodies', () => {
  it('a chunked body is read whole; a request announcing no body has none', async () => {
    const body = JSON.stringify(sendBody({ message: 'chunked ✓ 😀' }));
    const chunked = await raw('POST', '/v1/messages', { 'content-type': 'application/json' }, [body.slice(0, 10), body.slice(10)]);
    expect(chunked.status).toBe(201);
    expect((JSON.parse(chunked.bytes.toString('utf8')) as { message: string }).message).toBe('chunked ✓ 😀');
    const none = await raw('POST', '/v1/messages', { 'content-type': 'application/json' });
    expect(none.status).toBe(400);
  });

  it('a reply with non-ASCII text carries the byte length of its UTF-8 body, as application/json', async () => {
    const body = JSON.stringify(sendBody({ message: 'héllo ✓ 😀' }));
    const sent = await raw('POST', '/v1/messages', { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, [body]);
    expect(sent.status).toBe(201);
    expect(sent.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(sent.headers['content-length'])).toBe(sent.bytes.length);
    const id = (JSON.parse(sent.bytes.toString('utf8')) as { id: string }).id;
    const got = await raw('GET', `/v1/messages/${id}`);
    expect(got.status).toBe(200);
    expect(Number(got.headers['content-length'])).toBe(got.bytes.length);
    expect((JSON.parse(got.bytes.toString('utf8')) as { message: string }).message).toBe('héllo ✓ 😀');
  });
});
