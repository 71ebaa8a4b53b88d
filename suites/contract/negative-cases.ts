import type { Operation } from '../../spec/index.js';
import { exampleValue, invalidCases } from '../arbitraries/index.js';
import type { InvalidCase } from '../arbitraries/index.js';
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
}

const locationWords: Record<Location, string> = { path: 'PATH', query: 'QUERY', headers: 'HEADER', body: 'BODY' };

/** The request with the case's mutation applied to its part. */
export function breakRequest(operation: Operation, parts: RequestParts, kase: NegativeCase): ContractRequest {
  return toContractRequest(operation, { ...parts, [kase.location]: kase.invalid.mutate(parts[kase.location]) }, kase.label);
}

/**
 * The invalidCases() of every part of the operation's request that survive the trip to the wire: a header or
 * query value is text, so "12345 instead of a string" is no violation there, and a path segment cannot be empty
 * or missing. A case is kept only when the request, read back as a server reads it, still breaks its keyword.
 */
export function negativeCases(operation: Operation): NegativeCase[] {
  const probe = requestGenerator(operation, (word) => `https://contract.invalid/${word}`);
  const pathSchema = partSchema(operation, 'path');
  const base = probe.example(pathSchema === undefined ? undefined : (exampleValue(pathSchema) as Record<string, string>));
  return locations.flatMap((location) => {
    const schema = partSchema(operation, location);
    if (schema === undefined) return [];
    return invalidCases(schema)
      .map((invalid): NegativeCase => ({
        location,
        invalid,
        assumed: isAssumedAt(schema, invalid.path),
        words: idWords([locationWords[location], ...invalid.path.map((p) => (/^\d+$/.test(p) ? 'item' : p)), invalid.keyword].join('-')),
        label: `${location === 'headers' ? 'header' : location} ${invalid.description}`,
      }))
      .filter((kase) => survivesWire(operation, base, kase));
  });
}

function survivesWire(operation: Operation, base: RequestParts, kase: NegativeCase): boolean {
  if (kase.location === 'body') return true;
  const part = kase.invalid.mutate(base[kase.location]);
  if (typeof part !== 'object' || part === null || Array.isArray(part)) return false;
  if (kase.location === 'path') {
    const values = part as Record<string, unknown>;
    if (pathParameters(operation).some((name) => values[name] === undefined || wireText(values[name]) === '')) return false;
  }
  const parts = { ...base, [kase.location]: part };
  const wire = wirePart(operation, kase.location, toContractRequest(operation, parts), parts);
  const pointer = kase.invalid.path.length === 0 ? '' : `/${kase.invalid.path.join('/')}`;
  return partIssues(operation, kase.location, wire).some((issue) => issue.keyword === kase.invalid.keyword && issue.path === pointer);
}
