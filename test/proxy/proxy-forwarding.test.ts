import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ANNOTATION_HEADER, startProxy } from '../../proxy/index.js';
import type { RunningProxy } from '../../proxy/index.js';
import { endToEnd } from './loopback-consumer.js';

interface Got {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

/** A loopback target that records each request and answers with the given raw headers and body. */
async function startEcho(answerHeaders: string[], answerBody: Buffer) {
  const seen: Got[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) });
      res.writeHead(201, 'Made', answerHeaders);
      res.end(answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** One raw request through the proxy; the answer's raw headers and bytes. */
function send(url: string, method: string, path: string, headers: string[], body?: Buffer) {
  return new Promise<{ status: number; message: string; rawHeaders: string[]; body: Buffer }>((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, message: res.statusMessage ?? '', rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let proxy: RunningProxy | undefined;
let echo: Awaited<ReturnType<typeof startEcho>> | undefined;
afterEach(async () => {
  await proxy?.stop(100);
  await echo?.stop();
  proxy = echo = undefined;
});

const answerHeaders = ['Content-Type', 'application/json', 'X-Target-Case', 'Kept', 'set-cookie', 'a=1', 'set-cookie', 'b=2'];
const answerBody = Buffer.from('{"id":"m1",  "weird":"\\u00e9"}\n');

describe('the proxy forwards unchanged', () => {
  it('passes method, path, header lines (order, case, duplicates, x-api-key) and body bytes, and the answer likewise', async () => {
    echo = await startEcho(answerHeaders, answerBody);
    proxy = await startProxy({ target: echo.url });
    const body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x20, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const headers = [
      'Host',
      'client.example',
      'X-Api-Key',
      'secret-key-123456',
      'Idempotency-Key',
      'k1',
      'x-dup',
      '1',
      'x-dup',
      '2',
      'Content-Type',
      'application/json',
      'Content-Length',
      String(body.length),
    ];
    const answer = await send(proxy.url, 'PUT', '/v1/webhooks/abc?x=%2F&y=1', headers, body);
    const got = echo.seen[0]!;
    expect(got.method).toBe('PUT');
    expect(got.url).toBe('/v1/webhooks/abc?x=%2F&y=1');
    expect(got.body.equals(body)).toBe(true);
    // Host names the target (RFC 9110 §7.2), the rest as sent
    expect(endToEnd(got.rawHeaders)).toEqual([['Host', new URL(echo.url).host], ...endToEnd(headers).slice(1)]);
    expect(answer.status).toBe(201);
    expect(answer.message).toBe('Made');
    expect(answer.body.equals(answerBody)).toBe(true);
    expect(endToEnd(answer.rawHeaders).filter(([n]) => !/^(date|content-length|transfer-encoding)$/i.test(n!))).toEqual(endToEnd(answerHeaders));
    expect(answer.rawHeaders.map((h) => h.toLowerCase())).not.toContain(ANNOTATION_HEADER);
  });

  it('forwards a body past the capture limit whole and counts the exchange ungraded', async () => {
    echo = await startEcho(answerHeaders, answerBody);
    proxy = await startProxy({ target: echo.url, maxBodyBytes: 1024 });
    const body = Buffer.alloc(200_000, 0x61);
    await send(proxy.url, 'POST', '/v1/messages', ['Host', 'x', 'Content-Type', 'application/json'], body);
    expect(echo.seen[0]!.body.equals(body)).toBe(true);
    await proxy.stop(100);
    expect(proxy.tally.operations.get('sendMessage')).toMatchObject({ exchanges: 1, ungraded: 1 });
  });

  it('--annotate names the violated requirements in a header; the body is unchanged', async () => {
    const leak = Buffer.from(
      JSON.stringify([
        {
          id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a001',
          workspace_id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a002',
          url: 'https://h.example/x',
          events: ['message.sent'],
          created_at: '2024-01-01T00:00:00Z',
          updated_at: '2024-01-01T00:00:00Z',
          signing_secret: 'whsec_' + 'c'.repeat(64),
        },
      ]),
    );
    echo = await startEcho(['Content-Type', 'application/json'], leak);
    proxy = await startProxy({ target: echo.url, annotate: true });
    const answer = await send(proxy.url, 'GET', '/v1/webhooks', ['Host', 'x']);
    expect(answer.body.equals(leak)).toBe(true);
    const header = endToEnd(answer.rawHeaders).find(([n]) => n === ANNOTATION_HEADER)?.[1];
    // 201 is not the DESIGN.md §4 200 of a read, and the list leaks the secret
    expect(header?.split(', ').sort()).toEqual(['ERR-READ-STATUS-200', 'WH-LIST-NO-SECRET']);
  });

  it('answers 502, marked as its own, when the target is down; the exchange is counted', async () => {
    echo = await startEcho(answerHeaders, answerBody);
    const url = echo.url;
    await echo.stop();
    proxy = await startProxy({ target: url });
    const answer = await send(proxy.url, 'GET', '/v1/user/me', ['Host', 'x']);
    expect(answer.status).toBe(502);
    expect(endToEnd(answer.rawHeaders)).toContainEqual(['x-conformance-proxy', 'no-answer-from-target']);
    await proxy.stop(100);
    expect(proxy.tally.operations.get('getCurrentUser')?.byClass.none).toBe(1);
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(startProxy({ target: 'http://127.0.0.1:9', host: '0.0.0.0' })).rejects.toMatchObject({ code: 'NOT_LOOPBACK' });
  });
});
