import type { Operation, ValidationIssue } from '../spec/index.js';
import { fromWire, partIssues } from './request-parts.js';
import type { Location } from './request-parts.js';

/** A request as it went over the wire: path and query, lower-case headers, the body text (empty when none). */
export interface WireRequest {
  /** Path and query as the client sent them (e.g. /v1/messages?limit=5). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** One request issue and the part of the request it is in. */
export interface RequestIssue {
  readonly location: Location;
  readonly issue: ValidationIssue;
}

/** A request read back as the target would before validating it, and what of it breaks the contract. */
export interface RequestReading {
  readonly query: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  /** The body was present (or required) but is not JSON: spec §4 "Bodies are JSON". */
  readonly malformedJson: boolean;
  /** Issues of the spec's own rules: a conforming target refuses such a request with a 4xx. */
  readonly issues: readonly RequestIssue[];
  /** Issues of parts DESIGN.md §4 decides (x-assumed): a refusal is expected only at should level. */
  readonly assumedIssues: readonly RequestIssue[];
}

/** Reads the path, query, header and body parts of a request and validates each against its schema. */
export function readRequest(operation: Operation, request: WireRequest, pathParams: Readonly<Record<string, string>>): RequestReading {
  const search = new URL(request.url, 'http://request.invalid').searchParams;
  const wireQuery: Record<string, string> = {};
  for (const [name, value] of search) if (!(name in wireQuery)) wireQuery[name] = value;
  const query = fromWire(operation, 'query', wireQuery);
  const headerNames = Object.keys(headerProperties(operation));
  const wireHeaders = Object.fromEntries(
    headerNames.filter((name) => request.headers[name] !== undefined).map((name) => [name, request.headers[name] as string]),
  );
  const parts: [Location, unknown][] = [
    ['path', pathParams],
    ['query', query],
    ['headers', fromWire(operation, 'headers', wireHeaders)],
  ];
  let body: unknown;
  let malformedJson = false;
  if (operation.schemaNames.body !== undefined) {
    try {
      body = JSON.parse(request.body);
      parts.push(['body', body]);
    } catch {
      malformedJson = request.body.trim() !== '' || operation.requestBodyRequired;
    }
  }
  const all = parts.flatMap(([location, value]) => partIssues(operation, location, value).map((issue) => ({ location, issue })));
  return {
    query,
    ...(body === undefined ? {} : { body }),
    malformedJson,
    issues: all.filter((item) => !item.issue.assumed),
    assumedIssues: all.filter((item) => !!item.issue.assumed),
  };
}

function headerProperties(operation: Operation): Record<string, unknown> {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'header');
  return Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema]));
}
