import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, RateLimiter, Redactor, toCurl } from '../../targets/index.js';
import type { TargetKeys } from '../../targets/index.js';
import { startStub } from './stub-server.js';
import type { Stub } from './stub-server.js';

const keys: TargetKeys = { growth: 'grow_secret_key_123', starter: 'starter_secret_456', unknown: 'conform_unknown_x' };
let stub: Stub | undefined;
let client: HttpClient | undefined;

afterEach(async () => {
  await client?.close();
  await stub?.close();
  client = undefined;
  stub = undefined;
});

async function setup(handler: Parameters<typeof startStub>[0], options: Partial<Parameters<typeof HttpClient.create>[0]> = {}) {
  stub = await startStub(handler);
  client = HttpClient.create({ baseUrl: stub.url, keys, ...options });
  return { stub, client };
}

describe('HttpClient', () => {
  it('sends the key of the role, JSON bodies and query parameters, and parses JSON', async () => {
    const { stub, client } = await setup(() => [201, { ok: true }]);
    const ex = await client.request({
      method: 'POST',
      path: '/v1/messages',
      query: { page: 2, status: ['queued', 'sent'], x: undefined },
      body: { a: 1 },
      key: 'starter',
    });
    expect(ex.status).toBe(201);
    expect(ex.json).toEqual({ ok: true });
    const seen = stub.requests[0];
    expect(seen?.headers['x-api-key']).toBe('starter_secret_456');
    expect(seen?.url).toBe('/v1/messages?page=2&status=queued&status=sent');
    expect(seen?.body).toBe('{"a":1}');
    expect(ex.request.headers['x-api-key']).toBe('[redacted]');
  });

  it('sends no key for none and raw malformed bodies as they are; records JSON parse errors', async () => {
    const { stub, client } = await setup(() => [400, '{not json']);
    const ex = await client.request({ method: 'POST', path: '/v1/messages', body: '{"to":', key: 'none' });
    expect(stub.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(stub.requests[0]?.body).toBe('{"to":');
    expect(ex.json).toBeUndefined();
    expect(ex.jsonError).toMatch(/JSON/);
  });

  it('does not follow redirects', async () => {
    const { stub, client } = await setup(() => [302, '', { location: '/elsewhere' }]);
    const ex = await client.request({ path: '/v1/user/me' });
    expect(ex.status).toBe(302);
    expect(stub.requests).toHaveLength(1);
  });

  it('turns a slow response into a TIMEOUT error instead of throwing', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"slow":');
      return undefined; // never ends
    });
    const ex = await client.request({ path: '/v1/user/me', timeoutMs: 150 });
    expect(ex.error?.code).toBe('TIMEOUT');
    expect(ex.durationMs).toBeLessThan(2000);
  });

  it('an abort of the scope or the call while the answer is on its way is ABORTED, not TIMEOUT, and leaves the scope usable', async () => {
    const { client } = await setup((req, res) => {
      if (req.url === '/fast') return [200, { ok: true }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"slow":');
      return undefined; // never ends
    });
    const check = new AbortController();
    const scope = client.scope(check.signal);
    setTimeout(() => check.abort(new Error('deadline')), 100);
    const byScope = await scope.request({ path: '/slow', timeoutMs: 5_000 });
    expect(byScope.error?.code).toBe('ABORTED');
    expect(byScope.durationMs).toBeLessThan(2_000);
    const byCall = await client.request({ path: '/slow', timeoutMs: 5_000, signal: AbortSignal.timeout(100) });
    expect(byCall.error?.code).toBe('ABORTED');
    // the call's own signal, already aborted: nothing waits for the timer
    const already = await client.request({ path: '/fast', signal: AbortSignal.abort() });
    expect(already.error?.code).toBe('ABORTED');
    expect((await client.request({ path: '/fast' })).status).toBe(200);
  });

  it('twenty requests in flight on one scope: no listener-leak warning, and one abort stops them all', async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"slow":');
        return undefined; // never ends
      },
      { connections: 20 },
    );
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const check = new AbortController();
      const scope = client.scope(check.signal);
      const pending = [...Array(20)].map(() => scope.request({ path: '/slow', timeoutMs: 5_000 }));
      setTimeout(() => check.abort(new Error('deadline')), 150);
      const answers = await Promise.all(pending);
      expect(answers.map((a) => a.error?.code)).toEqual(answers.map(() => 'ABORTED'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('starts the request timeout after the rate-limit wait: a throttled request is not a TIMEOUT', async () => {
    // one request per 300 ms window (+1 s margin): the second waits ~1.3 s, far over its 400 ms timeout
    const { stub, client } = await setup(() => [200, { ok: true }], { ratePerMinute: 1, rateWindowMs: 300 });
    expect((await client.request({ path: '/v1/user/me' })).status).toBe(200);
    const scope = client.scope();
    const started = Date.now();
    const second = await scope.request({ path: '/v1/user/me', timeoutMs: 400 });
    expect(second.error).toBeUndefined();
    expect(second.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(second.durationMs).toBeLessThan(400);
    expect(scope.throttledMs).toBeGreaterThanOrEqual(1_000);
    expect(stub.requests).toHaveLength(2);
  });

  it('an abort while waiting for the rate limit sends nothing', async () => {
    const { stub, client } = await setup(() => [200, { ok: true }], { ratePerMinute: 1, rateWindowMs: 60_000 });
    await client.request({ path: '/v1/user/me' });
    const waiting = await client.request({ path: '/v1/user/me', signal: AbortSignal.timeout(200) });
    expect(waiting.error?.code).toBe('ABORTED');
    expect(waiting.error?.message).toMatch(/waiting for the rate limit/);
    expect(stub.requests).toHaveLength(1);
  });

  it('a request queued behind a busy connection still times out, and is never sent once it has', async () => {
    let release: (() => void) | undefined;
    const { stub, client } = await setup(
      (req, res) => {
        if (req.url !== '/hold') return [200, { ok: true }];
        release = () => res.end('{}');
        res.writeHead(200, { 'content-type': 'application/json' });
        return undefined; // answered when released
      },
      { connections: 1 },
    );
    const held = client.request({ path: '/hold', timeoutMs: 5_000 });
    while (stub.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const queued = await client.request({ path: '/queued', timeoutMs: 150 });
    expect(queued.error?.code).toBe('TIMEOUT');
    expect(queued.durationMs).toBeLessThan(2_000);
    release?.();
    expect((await held).status).toBe(200);
    expect((await client.request({ path: '/after' })).status).toBe(200);
    expect(stub.requests.map((r) => r.url)).toEqual(['/hold', '/after']);
  });

  it('joins repeated answer headers and waits past an informational answer', async () => {
    const { client } = await setup((_req, res) => {
      res.writeProcessing();
      res.writeHead(201, [
        ['content-type', 'application/json'],
        ['x-many', 'a'],
        ['X-Many', 'b'],
      ]);
      res.end('{"ok":true}');
      return undefined;
    });
    const ex = await client.request({ path: '/v1/messages' });
    expect(ex.status).toBe(201);
    expect(ex.headers['x-many']).toBe('a, b');
    expect(ex.json).toEqual({ ok: true });
  });

  it('aborts an oversized body with BODY_TOO_LARGE', async () => {
    const { client } = await setup(() => [200, 'x'.repeat(5000)], { maxBodyBytes: 1000 });
    const ex = await client.request({ path: '/v1/messages' });
    expect(ex.error?.code).toBe('BODY_TOO_LARGE');
    expect(ex.bodyText.length).toBe(1000);
  });

  it('records a connection reset as an error', async () => {
    const { client } = await setup((_req, res) => {
      res.socket?.destroy();
      return undefined;
    });
    const ex = await client.request({ path: '/v1/messages' });
    expect(ex.status).toBeUndefined();
    expect(ex.error?.code).toMatch(/SOCKET|RESET|ECONNRESET|UND_ERR/);
  });

  it('enforces the request budget with a harness error', async () => {
    const { client } = await setup(() => [200, {}], { maxRequests: 2 });
    await client.request({ path: '/a' });
    await client.request({ path: '/b' });
    await expect(client.request({ path: '/c' })).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
  });

  it('redacts keys and signing secrets in records and learns secrets from responses', async () => {
    const secret = `whsec_${'ab'.repeat(32)}`;
    const { client } = await setup(() => [201, { id: 'w1', signing_secret: secret, note: `secret is ${secret}` }]);
    const scoped = client.scope();
    const ex = await scoped.request({ method: 'POST', path: '/v1/webhooks', body: { url: 'https://x.example' } });
    expect((ex.json as { signing_secret: string }).signing_secret).toBe(secret); // the check sees the real value
    const recorded = JSON.stringify(scoped.exchanges);
    expect(recorded).not.toContain(secret);
    expect(recorded).not.toContain('grow_secret_key_123');
    expect(client.redactor.scrub(`leak ${secret.slice(0, 70)}`)).not.toContain(secret);
    expect(scoped.count).toBe(1);
  });
});

describe('toCurl', () => {
  it('reproduces the request with the key as $CONFORM_API_KEY and secrets redacted', async () => {
    const { client } = await setup(() => [400, {}]);
    const scoped = client.scope();
    await scoped.request({
      method: 'POST',
      path: '/v1/messages',
      body: { message: "it's grow_secret_key_123" },
      headers: { 'Service-Signature': 't=1,v1=abc' },
    });
    const curl = toCurl(scoped.last!, client.redactor);
    expect(curl).toContain('"x-api-key: $CONFORM_API_KEY"');
    expect(curl).toContain("-X POST 'http://127.0.0.1:");
    expect(curl).toContain("'service-signature: [redacted]'");
    expect(curl).not.toContain('grow_secret_key_123');
    expect(curl).toContain(`'{"message":"it'\\''s [redacted]"}'`);
  });

  it('names the starter variable for starter requests', async () => {
    const { client } = await setup(() => [402, {}]);
    const ex = await client.request({ path: '/v1/messages', key: 'starter' });
    expect(toCurl(ex)).toContain('$CONFORM_STARTER_API_KEY');
  });
});

describe('Redactor and RateLimiter', () => {
  it('scrubs known secrets, secret headers and whsec_ values', () => {
    const redactor = new Redactor(['my-api-key-value']);
    expect(redactor.scrub('key=my-api-key-value, s=whsec_0123456789abcdef')).toBe('key=[redacted], s=[redacted]');
    expect(redactor.scrubHeaders({ Authorization: 'Bearer x', 'x-other': 'my-api-key-value' })).toEqual({
      Authorization: '[redacted]',
      'x-other': '[redacted]',
    });
    expect(redactor.scrubValue({ signing_secret: 'abc', nested: [{ secret: 'zzz' }] })).toEqual({
      signing_secret: '[redacted]',
      nested: [{ secret: '[redacted]' }],
    });
  });

  it('lets perMinute requests through at once, then waits for refill', async () => {
    let now = 0;
    const limiter = new RateLimiter(1200, () => now);
    for (let i = 0; i < 1200; i++) await limiter.take();
    let done = false;
    const waiting = limiter.take().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    now += 50; // one token per 50 ms at 1200/min
    await waiting;
    expect(done).toBe(true);
  });
});
