import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundValue, cutText, escapeControls, HttpClient, jsonDepth, Redactor, sanitizeText, toCurl } from '../../targets/index.js';
import { nestsDeeperThan } from '../../targets/sanitize.js';
import { startStub } from './stub-server.js';
import type { Stub } from './stub-server.js';

describe('the sanitizer (targets/sanitize.ts): what a target sends, made fit for an output', () => {
  it('shows C0 (but tab and newline), DEL, C1, ESC and bidi overrides escaped, and leaves the rest alone', () => {
    expect(escapeControls('a\x1b[2J\x1b]0;title\x07b\tc\nd\r\x7f\x85\x9b\u202e\u00e9\u{1f600}')).toBe(
      'a\\u001b[2J\\u001b]0;title\\u0007b\tc\nd\\u000d\\u007f\\u0085\\u009b\\u202e\u00e9\u{1f600}',
    );
    const plain = 'nothing to escape';
    expect(escapeControls(plain)).toBe(plain);
  });

  it('cuts a value with its full size noted, never splits a surrogate pair, and does not cut twice', () => {
    expect(cutText('x'.repeat(1_000_000), 10)).toBe(`${'x'.repeat(10)}… [cut: 1000000 characters in all]`);
    expect(cutText(`abc\u{1f600}def`, 4)).toBe('abc… [cut: 8 characters in all]');
    const once = cutText('y'.repeat(50), 10);
    expect(cutText(once, 10)).toBe(once);
    // escapes count towards the bound: 3,000 ESC bytes stay within it
    const escaped = sanitizeText('\x1b'.repeat(3_000), 100);
    expect(escaped.length).toBeLessThan(140);
    expect(escaped).toMatch(/^(\\u001b)+… \[cut: 3000 characters in all\]$/);
  });

  it('copies 100,000 nested levels without recursion, within depth and size, and keeps "__proto__" as data', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(boundValue(deep, { maxDepth: 2 })).toEqual([['[cut: nested deeper than 2 levels]']]);
    const copy = boundValue(JSON.parse('{"__proto__":{"polluted":true},"s":"' + 'z'.repeat(100) + '","list":[1,2,3,4,5,6,7,8,9]}'), {
      maxString: 5,
      maxChars: 60,
    }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toContain('"s":"zzzzz… [cut: 100 characters in all]"');
    expect(JSON.stringify(copy)).toContain('[cut: the value exceeds the size kept]');
  });

  it('measures JSON depth without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[\\"]]"}]}')).toBe(3);
    expect(jsonDepth('['.repeat(100_000) + ']'.repeat(100_000))).toBe(1_001);
  });

  it('Redactor.scrub redacts, escapes and (given a bound) cuts; scrubValue bounds a counterexample', () => {
    const redactor = new Redactor(['secret_key_123']);
    expect(redactor.scrub('key secret_key_123 \x1b[31m', 100)).toBe('key [redacted] \\u001b[31m');
    expect(redactor.scrub('z'.repeat(5_000), 100)).toMatch(/… \[cut: 5000 characters in all\]$/);
    expect(redactor.scrubValue({ signing_secret: 'whsec_abcdefgh12345678', note: '\x9b2J' })).toEqual({ signing_secret: '[redacted]', note: '\\u009b2J' });
  });

  it('a reproduction never carries a raw control character: such a body goes as base64', () => {
    const exchange = {
      id: 1,
      request: { method: 'POST', url: 'http://127.0.0.1:1/v1/messages', headers: {}, body: '{"message":"\x1b[2J"}', keyRole: 'growth' as const },
      headers: {},
      bodyText: '',
      durationMs: 0,
    };
    const curl = toCurl(exchange);
    expect(escapeControls(curl)).toBe(curl);
    expect(curl).toContain(Buffer.from('{"message":"\x1b[2J"}').toString('base64'));
  });
});

describe('the client against hostile answers', () => {
  let stub: Stub | undefined;
  let client: HttpClient | undefined;
  afterEach(async () => {
    await client?.close();
    await stub?.close();
  });

  it('refuses JSON nesting deeper than 1000 levels with a clear reason; 1000 levels still parse', async () => {
    stub = await startStub((req) => [200, req.url.includes('deep') ? '['.repeat(100_000) + ']'.repeat(100_000) : '['.repeat(1_000) + ']'.repeat(1_000)]);
    client = HttpClient.create({ baseUrl: stub.url, keys: { unknown: 'x' } });
    const deep = await client.request({ path: '/deep', key: 'none' });
    expect(deep.json).toBeUndefined();
    expect(deep.jsonError).toBe('the answer nests deeper than 1000 levels');
    expect((await client.request({ path: '/ok', key: 'none' })).json).toBeDefined();
  });

  it('sends an id with control characters percent-encoded, refuses such a header, and stays usable (it used to wedge the pool)', async () => {
    stub = await startStub(() => [200, { ok: true }]);
    client = HttpClient.create({ baseUrl: stub.url, keys: { unknown: 'x' }, connections: 1, timeoutMs: 2_000 });
    const id = '\x1b[2J\r\nwho';
    for (let i = 0; i < 3; i++) {
      const bad = await client.request({ path: '/v1/webhooks/x', key: 'none', headers: { 'x-echo': id } });
      expect(bad.error?.code).toBe('INVALID_REQUEST');
    }
    const sent = await client.request({ path: `/v1/webhooks/${id}`, key: 'none' });
    expect(sent.status).toBe(200);
    expect(stub.requests.at(-1)?.url).toBe('/v1/webhooks/%1B[2J%0D%0Awho');
    expect(stub.requests).toHaveLength(1);
  });
});

describe('nestsDeeperThan', () => {
  it('says what jsonDepth says of every text and limit, however many brackets stand in strings', () => {
    const text = fc.array(fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ':', ','), { maxLength: 80 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (json, limit) => {
        expect(nestsDeeperThan(json, limit)).toBe(jsonDepth(json, limit) > limit);
      }),
      { numRuns: 3000 },
    );
    expect(nestsDeeperThan('['.repeat(1_001) + ']'.repeat(1_001), 1_000)).toBe(true);
    expect(nestsDeeperThan(`[${'{"a":"[[[["},'.repeat(2_000)}1]`, 1_000)).toBe(false);
  });
});
