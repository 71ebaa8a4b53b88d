import { describe, expect, it } from 'vitest';
import { boundaryValues, codePointLength, e164Arbitrary, type BoundaryCase } from '../../suites/arbitraries/index.js';
import { ajvErrors } from './ajv.js';
import { ALL_SCHEMAS, ListQuery, SendMessageCall, WebhookInput } from './schemas.js';

const at = (value: unknown, path: string[]): unknown => path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);
const leaves = (cases: BoundaryCase[], path: string) => cases.filter((c) => c.path.join('.') === path).map((c) => at(c.value, c.path));

describe('boundaryValues', () => {
  it.each(Object.entries(ALL_SCHEMAS))('every boundary value of %s is valid', (_name, schema) => {
    const cases = boundaryValues(schema);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(ajvErrors(schema, c.value), c.description).toEqual([]);
  });

  it('puts message and Idempotency-Key at their exact length bounds', () => {
    const cases = boundaryValues(SendMessageCall);
    const messageLengths = leaves(cases, 'body.message').map((m) => codePointLength(m as string));
    expect(messageLengths).toEqual(expect.arrayContaining([0, 1, 1599, 1600, 160, 161, 70, 71, 306, 307]));
    expect(Math.max(...messageLengths)).toBe(1600);
    const emoji = leaves(cases, 'body.message').find((m) => codePointLength(m as string) === 1600 && (m as string).length === 3200);
    expect(emoji, 'a 1600-code-point emoji message (3200 UTF-16 units)').toBeDefined();
    const keyLengths = leaves(cases, 'headers.Idempotency-Key').map((k) => codePointLength(k as string));
    expect(keyLengths).toEqual(expect.arrayContaining([1, 2, 254, 255]));
    expect(Math.min(...keyLengths)).toBe(1);
    expect(Math.max(...keyLengths)).toBe(255);
  });

  it('puts limit and page at their bounds and lists every enum member', () => {
    const cases = boundaryValues(ListQuery);
    expect(leaves(cases, 'limit')).toEqual([1, 100]);
    expect(leaves(cases, 'page')).toEqual([1]);
    expect(leaves(cases, 'status')).toEqual(['queued', 'pending', 'sent', 'delivered', 'failed']);
  });

  it('sizes arrays at minItems and at all distinct enum values', () => {
    const counts = leaves(boundaryValues(WebhookInput), 'events').map((e) => (e as unknown[]).length);
    expect(counts).toEqual([1, 4]);
  });

  it('keeps overridden paths as the override gives them', () => {
    const allowList = ['+14155550100'];
    const cases = boundaryValues(SendMessageCall, { overrides: { 'body.to': e164Arbitrary({ allowList }) } });
    expect(cases.every((c) => at(c.value, ['body', 'to']) === '+14155550100')).toBe(true);
    expect(cases.some((c) => c.path.join('.') === 'body.to')).toBe(false);
  });

  it('varies e164 numbers to their shortest and longest forms without overrides', () => {
    const numbers = leaves(boundaryValues(SendMessageCall), 'body.to') as string[];
    expect(numbers.map((n) => n.length - 1)).toEqual([2, 15]);
  });
});
