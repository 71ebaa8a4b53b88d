import fc from 'fast-check';
import type { Operation } from '../../spec/index.js';
import { exampleValue, validArbitrary } from '../arbitraries/index.js';
import { defineCheck, sampled } from '../checks/index.js';
import type { Check, StatusExpectation } from '../checks/index.js';
import { partSchema, toContractRequest } from './contract-request.js';
import type { ContractRequest, RequestParts } from './contract-request.js';
import { refusalsCost, runRefusals } from './negative-checks.js';
import { idStem, needsOf, pathParameters, suiteOf } from './operation-facts.js';
import { levelOf } from '../../rules/index.js';
import { unknownIdRequirements } from './requirement-picks.js';
import { positiveSchema } from './schema-tools.js';

/** Request bodies that are not JSON, or JSON but not an object (ERR-MALFORMED-JSON-4XX). */
const notJsonObjects = ['{', 'not json', '{"to": }', '{"a":1,}', "{'a': 1}", '[]', 'null', '"text"', '42', 'true'];

/**
 * Per operation with path parameters: unknown ids get a 4xx (at the level of its requirement: must for a message, whose
 * GET can only answer a Message that exists; should for webhooks, spec §7 "unknown ids: not shown") and 404 (should,
 * DESIGN.md §4).
 */
export function unknownIdChecks(operation: Operation): Check[] {
  const schema = partSchema(operation, 'path');
  if (schema === undefined || pathParameters(operation).length === 0) return [];
  // "." and ".." are URL dot segments (RFC 3986 §5.2.4): the URL parser removes them, so /v1/messages/%2E is sent as
  // /v1/messages/ (the list operation), not as an unknown id
  const ids = (validArbitrary(positiveSchema(schema)) as fc.Arbitrary<Record<string, unknown>>).filter((path) =>
    Object.values(path).every((value) => value !== '.' && value !== '..'),
  );
  const example = exampleValue(positiveSchema(schema)) as Record<string, unknown>;
  const label = 'unknown id';
  const unknown = (parts: RequestParts, path: Record<string, unknown>): ContractRequest => toContractRequest(operation, { ...parts, path }, label);
  const refusal = (expected: StatusExpectation) => ({
    name: `${operation.id} of unknown ids`,
    breaks: (parts: RequestParts) => unknown(parts, example),
    arbitrary: (valid: fc.Arbitrary<RequestParts>) => fc.tuple(valid, ids).map(([parts, path]) => unknown(parts, path)),
    expected,
  });
  const { must, should } = unknownIdRequirements(operation);
  const common = { suite: suiteOf(operation), needs: needsOf(operation), baseline: operation.id, estimate: refusalsCost(operation, 1) };
  const where = `${operation.method} ${operation.path}`;
  const checks = [
    defineCheck({
      ...common,
      id: `${idStem(operation)}-UNKNOWN-ID`,
      title: `${where} of an id that does not exist answers a 4xx`,
      requirements: [must],
      level: levelOf(must),
      run: (ctx) => runRefusals(ctx, operation, refusal('4xx')),
    }),
  ];
  if (should !== undefined) {
    checks.push(
      defineCheck({
        ...common,
        id: `${idStem(operation)}-UNKNOWN-ID-404`,
        title: `${where} of an id that does not exist answers 404 (DESIGN.md §4)`,
        requirements: [should],
        level: 'should',
        run: (ctx) => runRefusals(ctx, operation, refusal(404)),
      }),
    );
  }
  return checks;
}

/** Per operation with a request body: bodies that are not JSON objects get a 4xx, never 2xx or 5xx. */
export function malformedJsonChecks(operation: Operation): Check[] {
  if (partSchema(operation, 'body') === undefined) return [];
  const label = 'body that is not a JSON object';
  const withBody = (parts: RequestParts, body: string): ContractRequest => toContractRequest(operation, { ...parts, body }, label);
  // a JSON object cut anywhere before its end is never valid JSON
  const truncated = (parts: RequestParts) => {
    const text = JSON.stringify(parts.body);
    return fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n));
  };
  return [
    defineCheck({
      suite: suiteOf(operation),
      needs: needsOf(operation),
      baseline: operation.id,
      id: `${idStem(operation)}-MALFORMED-JSON`,
      title: `${operation.method} ${operation.path} refuses a body that is not a JSON object with a 4xx`,
      requirements: ['ERR-MALFORMED-JSON-4XX', 'ERR-VALIDATION-4XX', 'ERR-NO-5XX'],
      level: 'must',
      estimate: (scale) => refusalsCost(operation, sampled(notJsonObjects, scale.samples).length)(scale),
      run: (ctx) =>
        runRefusals(ctx, operation, {
          name: `${operation.id} with malformed JSON`,
          breaks: (parts) => withBody(parts, notJsonObjects[0] as string),
          examples: (parts) => sampled(notJsonObjects, ctx.samples).map((body) => withBody(parts, body)),
          arbitrary: (valid) => valid.chain((parts) => fc.oneof(fc.constantFrom(...notJsonObjects), truncated(parts)).map((body) => withBody(parts, body))),
          expected: '4xx',
        }),
    }),
  ];
}
