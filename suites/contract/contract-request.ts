import { schemas, validate } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import type { RequestOptions } from '../../targets/index.js';
import type { JsonSchema } from '../arbitraries/index.js';

/** Where a part of a request goes (the keys of `operation.schemaNames`). */
export type Location = 'path' | 'query' | 'headers' | 'body';

/** The parts of a request in order. */
export const locations: readonly Location[] = ['path', 'query', 'headers', 'body'];

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

/**
 * Reads wire text back as a server would before validating it: numbers and booleans where the schema types the
 * parameter so. Used to tell whether a negative case survives the trip (12345 as a header is just the text "12345").
 */
export function fromWire(operation: Operation, location: Location, wire: Readonly<Record<string, string>>): Record<string, unknown> {
  const properties = partSchema(operation, location)?.properties ?? {};
  return Object.fromEntries(
    Object.entries(wire).map(([name, text]) => {
      const sub = properties[name];
      const types = typeof sub === 'object' ? [sub.type ?? []].flat() : [];
      if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return [name, Number(text)];
      if (types.includes('boolean') && (text === 'true' || text === 'false')) return [name, text === 'true'];
      return [name, text];
    }),
  );
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

/** Validation issues of a part against its schema (spec/index.ts validate), or [] when the part has no schema. */
export function partIssues(operation: Operation, location: Location, value: unknown): ReturnType<typeof validate>['issues'] {
  const name = operation.schemaNames[location];
  return name === undefined ? [] : validate(name, value).issues;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
