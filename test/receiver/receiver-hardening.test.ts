import { request as httpsRequest } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { signers, startReceiver } from '../../receiver/index.js';
import type { Receiver } from '../../receiver/index.js';
import { closeAgents, makeAgent, portOf, post, rawExchange } from './helpers.js';

const started: Receiver[] = [];
async function start(options: Parameters<typeof startReceiver>[0] = {}): Promise<Receiver> {
  const r = await startReceiver(options);
  started.push(r);
  return r;
}
afterEach(async () => {
  await closeAgents();
  await Promise.all(started.splice(0).map((r) => r.stop()));
});

describe('HTTPS', () => {
  it('serves HTTPS with a self-signed certificate a sender can trust through caPem', async () => {
    const r = await start();
    expect(r.caPem).toMatch(/BEGIN CERTIFICATE/);
    const res = await post(`${r.httpsUrl}/tls`, '{"a":1}', undefined, makeAgent(r.caPem));
    expect(res.status).toBe(200);
    expect((await r.store.waitFor()).transport).toBe('https');
    // Without the CA the certificate is refused.
    await expect(post(`${r.httpsUrl}/tls`, '{}', undefined, makeAgent())).rejects.toThrow(/certificate/i);
  });

  it('includes extra names in the certificate (e.g. the registered public-looking host)', async () => {
    const r = await start({ tlsNames: ['hooks.conformance.example'] });
    const get = (servername: string) =>
      new Promise<number>((resolve, reject) => {
        // Connect to loopback only; the name is used for SNI and certificate checking, never resolved.
        const req = httpsRequest({ host: '127.0.0.1', port: portOf(r.httpsUrl), servername, ca: r.caPem, method: 'POST', path: '/n', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
    await expect(get('hooks.conformance.example')).resolves.toBe(200);
    await expect(get('other.example')).rejects.toThrow(/altnames|does not match/i);
  });
});

describe('hardening', () => {
  it('answers 413 to an announced oversize body and records it without buffering', async () => {
    const r = await start({ maxBodyBytes: 1024 });
    const res = await post(`${r.httpUrl}/big`, Buffer.alloc(4096, 'a'));
    expect(res.status).toBe(413);
    const d = await r.store.waitFor();
    expect(d.flags.oversize).toBe(true);
    expect(d.size).toBe(4096);
    expect(d.raw.length).toBe(0);
    expect(d.answer.status).toBe(413);
    // An exact-limit body is fine.
    expect((await post(`${r.httpUrl}/ok`, Buffer.alloc(1024, 'b'))).status).toBe(200);
  });

  it('cuts a chunked oversize body at the limit', async () => {
    const r = await start({ maxBodyBytes: 1024 });
    const raw = await rawExchange(portOf(r.httpUrl), (s) => {
      s.write('POST /chunked HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n');
      s.write(`800\r\n${'c'.repeat(0x800)}\r\n0\r\n\r\n`);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 413/);
    const d = await r.store.waitFor();
    expect(d.flags.oversize).toBe(true);
    expect(d.raw.length).toBe(1024);
  });

  it('survives garbage bytes and malformed requests, and keeps serving', async () => {
    const r = await start();
    const port = portOf(r.httpUrl);
    expect(await rawExchange(port, (s) => s.write('\x00\x01GARBAGE \xff\r\n\r\n'))).toMatch(/^HTTP\/1\.1 400/);
    expect(await rawExchange(port, (s) => s.write('POST / HTTP/1.1\r\ncontent-length: abc\r\n\r\n'))).toMatch(/^HTTP\/1\.1 400/);
    expect(await rawExchange(portOf(r.httpsUrl), (s) => s.end('not a TLS hello\r\n\r\n'))).toBe('');
    expect(r.stats().clientErrors).toBeGreaterThanOrEqual(2);
    expect((await post(`${r.httpUrl}/after`, '{}')).status).toBe(200);
  });

  it('times out a client that never finishes its headers', async () => {
    const r = await start({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
    const started = performance.now();
    const raw = await rawExchange(portOf(r.httpUrl), (s) => s.write('POST /slow HTTP/1.1\r\nhost: x\r\n'), 3_000);
    expect(raw).toMatch(/^HTTP\/1\.1 408/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('records a body cut off by the client as aborted', async () => {
    const r = await start();
    const waiting = r.store.waitFor((d) => d.path === '/cut', 2_000);
    await rawExchange(portOf(r.httpUrl), (s) => {
      s.write('POST /cut HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n0123456789');
      setTimeout(() => s.destroy(), 50);
    });
    const d = await waiting;
    expect(d.flags.aborted).toBe(true);
    expect(d.raw.toString()).toBe('0123456789');
    expect(d.answer.status).toBeNull();
  });

  it('keeps the store bounded under a flood of 2,000 deliveries', async () => {
    const r = await start({ maxStored: 500 });
    const pool = new Pool(r.httpUrl, { connections: 8 });
    try {
      let next = 0;
      const worker = async () => {
        while (next < 2_000) {
          const n = next++;
          const res = await pool.request({ method: 'POST', path: `/flood/${n}`, body: `{"n":${n}}`, headersTimeout: 5_000 });
          await res.body.dump();
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
    } finally {
      await pool.close();
    }
    const kept = r.store.all();
    expect(r.stats()).toMatchObject({ arrived: 2_000, stored: 500, dropped: 1_500 });
    expect(kept).toHaveLength(500);
    expect(kept[0]?.seq).toBe(1_501);
    expect(kept.at(-1)?.seq).toBe(2_000);
  }, 30_000);

  it('verifies each delivery on arrival when told to', async () => {
    const secret = `whsec_${'12'.repeat(32)}`;
    const r = await start({ verify: { scheme: 'service', secrets: [secret] } });
    const body = '{"event":"message.sent","data":{"id":"m"}}';
    await post(`${r.httpUrl}/v`, body, { ...signers.service(body, secret), 'content-type': 'application/json' });
    await post(`${r.httpUrl}/v`, body, signers.service(body, `whsec_${'34'.repeat(32)}`));
    const [good, bad] = r.store.all();
    expect(good?.verification).toMatchObject({ ok: true, secretIndex: 0 });
    expect(bad?.verification).toMatchObject({ ok: false, code: 'no_matching_signature' });
  });

  it('refuses a non-loopback bind address, an unknown scheme and bad numbers', async () => {
    await expect(startReceiver({ host: '0.0.0.0' })).rejects.toMatchObject({ code: 'not_loopback' });
    await expect(startReceiver({ verify: { scheme: 'md5' as 'github', secrets: [] } })).rejects.toMatchObject({ code: 'unknown_scheme' });
    await expect(startReceiver({ maxBodyBytes: 0 })).rejects.toMatchObject({ code: 'invalid_option' });
    await expect(startReceiver({ httpPort: 70_000 })).rejects.toThrow(/httpPort must be an integer from 0 to 65535/);
  });
});

describe('stop', () => {
  it('closes every socket, rejects waiters, cancels delayed answers and leaves no handles', async () => {
    const count = (kind: 'TCP' | 'Timeout') => process.getActiveResourcesInfo().filter((x) => x.startsWith(kind)).length;
    const tcpBefore = count('TCP');
    const r = await startReceiver();
    r.respond('/slow', { delayMs: 10_000 });
    const agent = makeAgent(r.caPem);
    const pending = post(`${r.httpsUrl}/slow`, '{}', undefined, agent).catch((e: unknown) => e);
    await r.store.waitFor((d) => d.path === '/slow', 2_000);
    const waiter = r.store.waitFor((d) => d.path === '/never', 10_000).catch((e: unknown) => e);
    // Two timers of ours are running now: the delayed answer and the waiter's timeout.
    const timeoutsDuring = count('Timeout');
    await r.stop();
    await expect(waiter).resolves.toMatchObject({ code: 'receiver_stopped' });
    await expect(pending).resolves.toBeInstanceOf(Error);
    await closeAgents();
    await new Promise((resolve) => setImmediate(resolve));
    expect(count('TCP')).toBeLessThanOrEqual(tcpBefore);
    expect(count('Timeout')).toBeLessThanOrEqual(timeoutsDuring - 2);
    await r.stop(); // idempotent
  });
});
