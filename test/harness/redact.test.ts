import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { Redactor, redactedMarker } from '../../targets/index.js';
import { parseAnswerJson } from '../../targets/json-source.js';

describe('Redactor.scrub', () => {
  it('removes secrets holding regular-expression characters, and a secret containing another whole', () => {
    const redactor = new Redactor(['key+with.(regex)*chars$', 'abcdef']);
    redactor.addSecret('abcdefghij'); // contains the shorter secret: removed whole, no "ghij" left behind
    const text = 'a key+with.(regex)*chars$ b abcdefghij c abcdef d keyXwith';
    expect(redactor.scrub(text)).toBe(`a ${redactedMarker} b ${redactedMarker} c ${redactedMarker} d keyXwith`);
  });

  it('learns secrets after earlier scrubs, and scrubs whsec_ values it never saw', () => {
    const redactor = new Redactor();
    expect(redactor.scrub('plain text')).toBe('plain text');
    redactor.learnFrom({ signing_secret: 'learned-secret-1' });
    expect(redactor.scrub('x learned-secret-1 y whsec_0123456789abcdef')).toBe(`x ${redactedMarker} y ${redactedMarker}`);
  });
});

describe('Redactor.scrubJson', () => {
  const secrets = ['abcdef-key-1', 'key+with.(regex)*chars$'];
  // JSON texts as a target could answer them: keys and strings of every kind, secrets and secret-looking values
  // mixed in, secret field names in any case, control characters, escapes, long strings, deep nesting, -0
  const piece = fc.oneof(
    { arbitrary: fc.string({ maxLength: 12 }), weight: 4 },
    {
      arbitrary: fc.constantFrom(...secrets, 'whsec_0123456789abcdef', 'x abcdef-key-1 y', '\u001b[31m', '\u202e', 'é\u0085', '"q"', 'a\\b', 'Secret'),
      weight: 2,
    },
    { arbitrary: fc.string({ minLength: 3990, maxLength: 4010 }).map((text) => text.replace(/"/g, '')), weight: 1 },
  );
  const key = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('signing_secret', 'Signing_Secret', 'secret', 'x-api-key', 'Cookie', 'coo\u212Aie', '__proto__', 'id'),
  );
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, piece, fc.double(), fc.constantFrom(-0, 0, true, null), tie('array'), tie('object')),
    array: fc.array(tie('node'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  })).node;
  const text = fc.oneof(
    value.map((v) => JSON.stringify(v)),
    value.map((v) => JSON.stringify(v, null, 2)),
    fc.constantFrom(
      '{"a":-0}',
      '[-0.0]',
      '{"a":[1,-0e3]}',
      `${'['.repeat(70)}1${']'.repeat(70)}`,
      `${'['.repeat(63)}1${']'.repeat(63)}`,
      '{"a":"\\u0077hsec_0123456789ab"}',
      '{"a":"bidi \u202e"}',
      '["é\u0085"]',
    ),
  );

  it('copies the value given, not its source, when a step renamed it (a dialect)', () => {
    const redactor = new Redactor();
    const source = '{"messageId":"m1","n":-0}';
    const renamed = { id: 'm1', n: 1 };
    expect(redactor.scrubJson(renamed, source, { raw: true })).toEqual({ id: 'm1', n: 1 });
    const parsed = parseAnswerJson(source) as { n: number };
    expect(Object.is((redactor.scrubJson(parsed, source, { raw: true }) as { n: number }).n, -0)).toBe(true);
  });

  it('copies exactly what scrubValue copies, raw or not, within any bounds', () => {
    fc.assert(
      fc.property(
        text,
        fc.boolean(),
        fc.boolean(),
        fc.option(
          fc.record({
            maxString: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 3990, max: 4010 })),
            maxDepth: fc.integer({ min: 1, max: 70 }),
            maxChars: fc.integer({ min: 8, max: 70_000 }),
          }),
        ),
        (source, fromTransport, raw, bounds) => {
          const redactor = new Redactor(secrets);
          // as the transport parses an answer (the copy is parsed from the source) or as a dialect renames it (from JSON.stringify)
          const parsed = fromTransport ? parseAnswerJson(source) : (JSON.parse(source) as unknown);
          const options = { ...(bounds ?? {}), raw };
          const fast = redactor.scrubJson(parsed, source, options);
          const walked = redactor.scrubValue(parsed, options);
          expect(isDeepStrictEqual(fast, walked), `${source.slice(0, 200)} ${JSON.stringify(options)}`).toBe(true);
          expect(fast === parsed && typeof parsed === 'object' && parsed !== null).toBe(false); // a copy, never the value itself
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('Redactor.learnFrom', () => {
  it('learns a secret field of any case at any depth, and nothing from an answer without one', () => {
    const redactor = new Redactor();
    redactor.learnFrom({ data: [{ id: 'wh_1', url: 'https://example.test/h' }], total: 1 });
    expect(redactor.scrub('wh_1 https://example.test/h')).toBe('wh_1 https://example.test/h');
    redactor.learnFrom({ data: [{ id: 'wh_2', Signing_Secret: 'nested-secret-1' }], meta: { API_KEY: 'key-in-meta-2' } });
    redactor.learnFrom([{ deeper: { apikey: 'listed-key-3' } }]);
    redactor.learnFrom({ 'API_\u212AEY': 'kelvin-key-4', secret: 7, secrets: 'not-a-field-5' }); // U+212A lower-cases to k
    expect(redactor.scrub('a nested-secret-1 b key-in-meta-2 c listed-key-3 d kelvin-key-4 e not-a-field-5')).toBe(
      `a ${redactedMarker} b ${redactedMarker} c ${redactedMarker} d ${redactedMarker} e not-a-field-5`,
    );
  });
});
