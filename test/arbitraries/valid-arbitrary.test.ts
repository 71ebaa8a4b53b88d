import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArbitrariesError, e164Arbitrary, exampleValue, validArbitrary } from '../../suites/arbitraries/index.js';
import { ajvErrors } from './ajv.js';
import { ALL_SCHEMAS, SendMessageCall, SendMessageRequest, WebhookInput } from './schemas.js';

const SEED = 424242;

describe('validArbitrary', () => {
  it.each(Object.entries(ALL_SCHEMAS))('every value of %s validates with ajv', (_name, schema) => {
    fc.assert(
      fc.property(validArbitrary(schema), (value) => {
        expect(ajvErrors(schema, value)).toEqual([]);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('always includes required properties and sometimes the optional ones', () => {
    const values = fc.sample(validArbitrary(ALL_SCHEMAS.SendTemplateRequest ?? {}), { seed: SEED, numRuns: 200 }) as Record<string, unknown>[];
    expect(values.every((v) => 'template' in v && 'to' in v)).toBe(true);
    expect(values.some((v) => 'metadata' in v)).toBe(true);
    expect(values.some((v) => !('metadata' in v))).toBe(true);
  });

  it('applies an override at a nested property path', () => {
    const allowList = ['+14155550100', '+447700900123'];
    const arb = validArbitrary(SendMessageCall, { overrides: { 'body.to': e164Arbitrary({ allowList }) } });
    const values = fc.sample(arb, { seed: SEED, numRuns: 100 }) as { body: { to: string } }[];
    expect(values.every((v) => allowList.includes(v.body.to))).toBe(true);
    expect(new Set(values.map((v) => v.body.to)).size).toBe(2);
  });

  it('applies an override to array items with *', () => {
    const arb = validArbitrary(WebhookInput, { overrides: { 'events.*': fc.constant('message.sent') } });
    const values = fc.sample(arb, { seed: SEED, numRuns: 50 }) as { events: string[] }[];
    expect(values.every((v) => v.events.length === 1 && v.events[0] === 'message.sent')).toBe(true);
  });

  it('produces SMS-domain text (non-ASCII) for free-text strings', () => {
    const values = fc.sample(validArbitrary(SendMessageRequest), { seed: SEED, numRuns: 200 }) as { message: string }[];
    expect(values.some((v) => /[^\p{ASCII}]/u.test(v.message))).toBe(true);
    expect(values.some((v) => /\p{Extended_Pictographic}/u.test(v.message))).toBe(true);
  });

  it('is deterministic for a fixed seed', () => {
    const a = fc.sample(validArbitrary(SendMessageCall), { seed: SEED, numRuns: 20 });
    const b = fc.sample(validArbitrary(SendMessageCall), { seed: SEED, numRuns: 20 });
    expect(a).toEqual(b);
  });

  it('refuses an unknown format with a stable code', () => {
    expect(() => validArbitrary({ type: 'string', format: 'ipv9' })).toThrow(ArbitrariesError);
    expect(() => validArbitrary({ type: 'string', format: 'ipv9' })).toThrow(/format "ipv9" has no generator/);
  });
});

describe('exampleValue', () => {
  it('draws the same valid value for the same schema, a copy each time (the draw is memoised)', () => {
    const first = exampleValue(SendMessageRequest) as Record<string, unknown>;
    expect(ajvErrors(SendMessageRequest, first)).toEqual([]);
    first.to = 'changed by a caller';
    const again = exampleValue(structuredClone(SendMessageRequest)) as Record<string, unknown>;
    expect(again.to).not.toBe('changed by a caller');
    expect(again).toEqual(exampleValue(SendMessageRequest));
    // overrides are arbitraries: never memoised, always honoured
    const allowList = ['+447700900123'];
    expect((exampleValue(SendMessageRequest, { overrides: { to: e164Arbitrary({ allowList }) } }) as { to: string }).to).toBe(allowList[0]);
  });
});
