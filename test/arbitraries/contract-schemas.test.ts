// The generators over the project's real generated schemas (spec/generated/schemas.json), when present.
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryValues, invalidCases, validArbitrary, type JsonSchema } from '../../suites/arbitraries/index.js';
import { ajvErrors } from './ajv.js';

const file = new URL('../../spec/generated/schemas.json', import.meta.url);
const schemas: Record<string, JsonSchema> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { schemas: Record<string, JsonSchema> }).schemas : {};
const entries = Object.entries(schemas);

describe.skipIf(entries.length === 0)('generators over spec/generated/schemas.json', () => {
  it('valid values, boundary values and every invalid case agree with ajv', () => {
    for (const [name, schema] of entries) {
      const bases = fc.sample(validArbitrary(schema), { seed: 99, numRuns: 25 });
      for (const value of bases) expect(ajvErrors(schema, value), `${name} valid ${JSON.stringify(value).slice(0, 200)}`).toEqual([]);
      for (const c of boundaryValues(schema)) expect(ajvErrors(schema, c.value), `${name} boundary ${c.description}`).toEqual([]);
      for (const c of invalidCases(schema)) {
        for (const base of bases.slice(0, 3)) {
          const keywords = new Set(ajvErrors(schema, c.mutate(base)).map((e) => e.keyword));
          expect([...keywords].sort(), `${name} ${c.description}`).toEqual([c.keyword, ...c.alsoBreaks].sort());
        }
      }
    }
  });

  it('carries the requirement ids of x-requirements into the cases', () => {
    const cases = invalidCases(schemas['sendMessage.body'] ?? schemas.SendMessageRequest ?? {});
    const byKey = Object.fromEntries(cases.map((c) => [`${c.path.join('.')}:${c.keyword}`, c.requirement]));
    expect(byKey['message:maxLength']).toBe('MSG-SEND-MESSAGE-MAX');
    expect(byKey['to:format']).toBe('MSG-SEND-TO-E164');
    expect(byKey['to:required']).toBe('MSG-SEND-TO-REQUIRED');
  });
});
