import fc from 'fast-check';
import type { ArbitraryOptions } from './arbitrary-options.js';
import type { JsonSchema } from './json-schema.js';
import { validArbitrary } from './valid-arbitrary.js';

/** Seed of every deterministic sample the arbitraries layer draws. */
export const FIXED_SEED = 20240601;

/** A deterministic valid value of the schema (the same on every call). */
export function exampleValue(schema: JsonSchema, options: ArbitraryOptions = {}): unknown {
  const draw = (): unknown => fc.sample(validArbitrary(schema, { smsWeight: 0, ...options }), { seed: FIXED_SEED, numRuns: 1 })[0];
  const key = options.overrides === undefined ? keyOf(schema, options) : undefined;
  if (key === undefined) return draw();
  if (!drawn.has(key)) drawn.set(key, draw());
  return structuredClone(drawn.get(key));
}

/**
 * exampleValue's draws by schema and options (without overrides, which are arbitraries): a draw is pure (a fixed
 * seed), and building the arbitrary is most of it. Defining the checks draws 20 examples of 5 schemas (issue 28).
 */
const drawn = new Map<string, unknown>();

/** The memo key of a schema and options, or undefined when the schema does not serialise (a cycle). */
function keyOf(schema: JsonSchema, options: ArbitraryOptions): string | undefined {
  try {
    return JSON.stringify([schema, options]);
  } catch {
    return undefined;
  }
}

/** Up to `count` distinct values of an arbitrary, drawn deterministically. */
export function distinctSamples(arbitrary: fc.Arbitrary<unknown>, count: number): unknown[] {
  const seen = new Map<string, unknown>();
  for (const v of fc.sample(arbitrary, { seed: FIXED_SEED, numRuns: count * 10 + 20 })) {
    seen.set(JSON.stringify(v), v);
    if (seen.size >= count) break;
  }
  return [...seen.values()];
}

/** Up to `count` distinct valid values of the schema (every enum member first), drawn deterministically. */
export function distinctValues(schema: JsonSchema, count: number, options: ArbitraryOptions = {}): unknown[] {
  if ('const' in schema) return [schema.const];
  if (schema.enum !== undefined) return schema.enum.slice(0, count);
  return distinctSamples(validArbitrary(schema, { smsWeight: 0, ...options }), count);
}
