import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../suites/engine/run-history.js';

describe("the run's history: a call's query", () => {
  it('reads every query as URLSearchParams does (a repeated name keeps its last value), with or without % and +', () => {
    const part = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('', '=', '==', '&', '&&', '+', '%', '%2', '%41', '%zz', '%E2%82%AC', '%C3', '__proto__', 'constructor', 'a=b', 'é', '€', '?', '#'),
    );
    const query = fc.array(part, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(query, (text) => {
        const url = new URL(`http://127.0.0.1:1/v1/messages?${text}`);
        const expected = Object.fromEntries(url.searchParams);
        const got = queryOf(url);
        expect(isDeepStrictEqual(got, expected), `?${text} -> ${JSON.stringify(got)} vs ${JSON.stringify(expected)}`).toBe(true);
        expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      }),
      { numRuns: 2000 },
    );
  });
});
