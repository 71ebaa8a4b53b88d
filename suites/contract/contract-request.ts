import { fromWire } from '../../rules/index.js';
import type { Location } from '../../rules/index.js';
import { schemas } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import type { RequestOptions } from '../../targets/index.js';
import type { JsonSchema } from '../arbitraries/index.js';

/** A request's parts as generated, with the types the schemas give them (before they are put on the wire). */
export type RequestParts = Partial<Record<Location, unknown>>;

/** A request as it is sent and shown in a counterexample: short, readable, and replayable with curl. */
export interface ContractRequest {
  /** What the case tests, for boundary and negative cases (e.g. "body message of 1600 characters"). */
  readonly case?: string;
  readonly method: string;
  /** The path with its parameters filled in (a `{name}` left open is filled per case by a fixture). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** The JSON Schema of one part of an operation's request, if it has one. */
export function partSchema(operation: Operation, location: Location): JsonSchema | undefined {
  const name = operation.schemaNames[location];
  return name === undefined ? undefined : (schemas[name] as JsonSchema | undefined);
}

/** A value as text on the wire: strings as they are, anything else as its JSON. */
export function wireText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A header value as visible ASCII of the same length in code points: RFC 9110 field values cannot carry most of
 * what the text generators draw, and keeping the length keeps the boundary (1, 255, 256 characters) being tested.
 */
export function headerText(value: unknown): string {
  return [...wireText(value)]
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x21 && code <= 0x7e ? c : String.fromCharCode(0x61 + (code % 26));
    })
    .join('');
}

/** A path segment; `.` and `..` are encoded so that no client or server collapses them. */
function segment(value: unknown): string {
  const text = encodeURIComponent(wireText(value));
  return /^\.+$/.test(text) ? text.replaceAll('.', '%2E') : text;
}

/** Puts generated parts on the wire: fills the path, stringifies query and header values. */
export function toContractRequest(operation: Operation, parts: RequestParts, label?: string): ContractRequest {
  const values = asRecord(parts.path);
  const path = operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : segment(values[name])));
  const text = (part: unknown, encode: (value: unknown) => string) => {
    const entries = Object.entries(asRecord(part)).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries.map(([k, v]) => [k, encode(v)]));
  };
  const query = text(parts.query, wireText);
  const headers = text(parts.headers, headerText);
  return {
    ...(label === undefined ? {} : { case: label }),
    method: operation.method,
    path,
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
    ...(parts.body === undefined ? {} : { body: parts.body }),
  };
}

/** Fills path parameters still open in the request (e.g. a webhook created for this case). */
export function withPathValues(request: ContractRequest, values: Readonly<Record<string, string>>): ContractRequest {
  const path = request.path.replace(/\{([^}]+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : segment(values[name])));
  return { ...request, path };
}

/** The HTTP client's options for the request. */
export function toRequestOptions(request: ContractRequest): RequestOptions {
  return {
    method: request.method,
    path: request.path,
    ...(request.query ? { query: request.query } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

/** The path, query or header part of a sent request, read back from the wire; undefined for the body. */
export function wirePart(operation: Operation, location: Location, request: ContractRequest, parts: RequestParts): Record<string, unknown> | undefined {
  switch (location) {
    case 'path': {
      const wire = Object.fromEntries(Object.entries(asRecord(parts.path)).map(([k, v]) => [k, wireText(v)]));
      return fromWire(operation, location, wire);
    }
    case 'query':
      return fromWire(operation, location, request.query ?? {});
    case 'headers':
      return fromWire(operation, location, request.headers ?? {});
    case 'body':
      return undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
