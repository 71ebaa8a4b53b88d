import { schemas } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import { exampleValue, invalidCases } from '../arbitraries/index.js';
import type { InvalidCase, JsonSchema } from '../arbitraries/index.js';
import { locations, partIssues } from '../../rules/index.js';
import type { Location } from '../../rules/index.js';
import { partSchema, toContractRequest, wirePart, wireText } from './contract-request.js';
import type { ContractRequest, RequestParts } from './contract-request.js';
import { idWords, pathParameters } from './operation-facts.js';
import { requestGenerator } from './request-generator.js';
import { isAssumedAt } from '../../rules/index.js';

/** One invalid-request case of an operation: which part it breaks and how. */
export interface NegativeCase {
  readonly location: Location;
  readonly invalid: InvalidCase;
  /** True when the broken constraint is a DESIGN.md §4 decision (`x-assumed`): checked at should, never must. */
  readonly assumed: boolean;
  /** The id words of the case: location, path and keyword, e.g. BODY-MESSAGE-MAXLENGTH. */
  readonly words: string;
  /** One line for titles and counterexamples, e.g. "body message of 1601 characters (max 1600)". */
  readonly label: string;
  /** The constraint's near-misses that survive the wire (enum case variants, formatted phone numbers ...), each labelled. */
  readonly nearMisses: readonly { readonly label: string; readonly mutate: (part: unknown) => unknown }[];
}

const locationWords: Record<Location, string> = { path: 'PATH', query: 'QUERY', headers: 'HEADER', body: 'BODY' };

/** The request with the case's mutation applied to its part. */
export function breakRequest(operation: Operation, parts: RequestParts, kase: NegativeCase): ContractRequest {
  return toContractRequest(operation, { ...parts, [kase.location]: kase.invalid.mutate(parts[kase.location]) }, kase.label);
}

/** The request once per near-miss of the case's constraint, each applied to the request's own valid value. */
export function nearMissRequests(operation: Operation, parts: RequestParts, kase: NegativeCase): ContractRequest[] {
  return kase.nearMisses.map((miss) => toContractRequest(operation, { ...parts, [kase.location]: miss.mutate(parts[kase.location]) }, miss.label));
}

/** The enums of the contract's named schemas: a value of one is a near-miss for a field of another (test.webhook.sent as a subscription). */
const contractEnums: unknown[][] = Object.values(schemas as Record<string, JsonSchema>)
  .map((schema) => schema.enum)
  .filter((members): members is unknown[] => Array.isArray(members));

/**
 * The invalidCases() of every part of the operation's request that survive the trip to the wire: a header or
 * query value is text, so "12345 instead of a string" is no violation there, and a path segment cannot be empty
 * or missing. A case is kept only when the request, read back as a server reads it, still breaks its keyword.
 */
export function negativeCases(operation: Operation): NegativeCase[] {
  const probe = requestGenerator(operation, (word) => `https://contract.invalid/${word}`);
  const pathSchema = partSchema(operation, 'path');
  const path = pathSchema === undefined ? undefined : (exampleValue(pathSchema) as Record<string, string>);
  return locations.flatMap((location) => {
    const schema = partSchema(operation, location);
    if (schema === undefined) return [];
    // the example request's part: a body case needs none, so listing the checks draws no example body (issue 28)
    const base: RequestParts = location === 'body' ? {} : { path, [location]: probe.examplePart(location, path) };
    const where = location === 'headers' ? 'header' : location;
    // header values go out as visible ASCII (headerText): a near-miss made of other characters would not reach the target
    const lossy = (mutate: (part: unknown) => unknown) =>
      location === 'headers' &&
      /[^\x21-\x7e]/u.test(
        Object.values(mutate(base.headers) ?? {})
          .map(wireText)
          .join(''),
      );
    return invalidCases(schema, { relatedEnums: contractEnums })
      .filter((invalid) => survivesWire(operation, base, location, invalid, invalid.mutate))
      .map((invalid): NegativeCase => {
        // made when the check first sends the case (or --plan counts its requests), not when the checks are defined (issue 28)
        let nearMisses: NegativeCase['nearMisses'] | undefined;
        return {
          location,
          invalid,
          assumed: isAssumedAt(schema, invalid.path),
          words: idWords([locationWords[location], ...invalid.path.map((p) => (/^\d+$/.test(p) ? 'item' : p)), invalid.keyword].join('-')),
          label: `${where} ${invalid.description}`,
          get nearMisses() {
            return (nearMisses ??= invalid.nearMisses
              .filter((miss) => !lossy(miss.mutate) && survivesWire(operation, base, location, invalid, miss.mutate))
              .map((miss) => ({ label: `${where} ${miss.description}`, mutate: miss.mutate })));
          },
        };
      });
  });
}

/** True when the part, mutated and read back as a server reads it, still breaks the case's keyword at its path. */
function survivesWire(operation: Operation, base: RequestParts, location: Location, invalid: InvalidCase, mutate: (part: unknown) => unknown): boolean {
  if (location === 'body') return true;
  const part = mutate(base[location]);
  if (typeof part !== 'object' || part === null || Array.isArray(part)) return false;
  if (location === 'path') {
    const values = part as Record<string, unknown>;
    if (pathParameters(operation).some((name) => values[name] === undefined || wireText(values[name]) === '')) return false;
  }
  const parts = { ...base, [location]: part };
  const wire = wirePart(operation, location, toContractRequest(operation, parts), parts);
  const pointer = invalid.path.length === 0 ? '' : `/${invalid.path.join('/')}`;
  return partIssues(operation, location, wire).some((issue) => issue.keyword === invalid.keyword && issue.path === pointer);
}
