import fc from 'fast-check';
import type { ArbitraryOptions } from './arbitrary-options.js';
import { codePointLength } from './code-point-length.js';
import { formatArbitrary } from './formats.js';
import { ArbitrariesError, type JsonSchema } from './json-schema.js';
import { messageTextArbitrary } from './message-text.js';

// stringArbitrary is a pure function of these keywords and options, and a fast-check arbitrary is an immutable value:
// built once per distinct key (message text and grapheme arbitraries cost ~0.3-0.7 ms each to build; issue 28)
const stringArbitraries = new Map<string, fc.Arbitrary<string>>();
const maxCachedStrings = 1_000;

/** Strings valid against the string keywords of a schema (lengths in code points, format, pattern). */
export function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? minLength + (options.extraLength ?? 64);
  const smsWeight = Math.round((options.smsWeight ?? 0.5) * 100);
  const key = JSON.stringify([minLength, maxLength, schema.format, schema.pattern, smsWeight]);
  const cached = stringArbitraries.get(key);
  if (cached !== undefined) return cached;
  const built = buildStringArbitrary(schema, minLength, maxLength, smsWeight);
  if (stringArbitraries.size >= maxCachedStrings) stringArbitraries.clear(); // bounded for callers with many schemas
  stringArbitraries.set(key, built);
  return built;
}

function buildStringArbitrary(schema: JsonSchema, minLength: number, maxLength: number, smsWeight: number): fc.Arbitrary<string> {
  if (minLength > maxLength) throw new ArbitrariesError('UNSATISFIABLE', `string schema has minLength ${minLength} > maxLength ${maxLength}; fix the schema`);
  const fitsLength = (s: string) => {
    const n = codePointLength(s);
    return n >= minLength && n <= maxLength;
  };
  if (schema.format !== undefined) {
    const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
    return formatArbitrary(schema.format).filter((s) => fitsLength(s) && (pattern?.test(s) ?? true));
  }
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern, 'u');
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fitsLength(s) && pattern.test(s));
  }
  return fc.oneof(
    { arbitrary: messageTextArbitrary({ minLength, maxLength }), weight: smsWeight },
    { arbitrary: fc.string({ unit: 'grapheme-composite', minLength, maxLength }), weight: 100 - smsWeight },
  );
}

/** Numbers valid against minimum/maximum/exclusive bounds (and multipleOf for integers). */
export function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  if (integer) {
    const min = Math.max(schema.minimum ?? -(2 ** 31), schema.exclusiveMinimum === undefined ? -Infinity : Math.floor(schema.exclusiveMinimum) + 1);
    const max = Math.min(schema.maximum ?? 2 ** 31 - 1, schema.exclusiveMaximum === undefined ? Infinity : Math.ceil(schema.exclusiveMaximum) - 1);
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    if (lo > hi) throw new ArbitrariesError('UNSATISFIABLE', `integer schema has an empty range [${lo}, ${hi}]; fix its bounds`);
    const step = schema.multipleOf;
    if (step === undefined) return fc.integer({ min: lo, max: hi });
    const kLo = Math.ceil(lo / step);
    const kHi = Math.floor(hi / step);
    if (kLo > kHi) throw new ArbitrariesError('UNSATISFIABLE', `integer schema has no multiple of ${step} in [${lo}, ${hi}]; fix its bounds`);
    return fc.integer({ min: kLo, max: kHi }).map((k) => k * step);
  }
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  return fc
    .double({
      min,
      max,
      minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
      maxExcluded: schema.maximum === undefined && schema.exclusiveMaximum !== undefined,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((x) => (Object.is(x, -0) ? 0 : x));
}
