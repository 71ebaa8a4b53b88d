import { operations } from '../spec/index.js';
import { HarnessError } from './harness-error.js';
import { specFieldNames } from './spec-names.js';

/**
 * How a target names what the spec names (DESIGN.md §3 "Dialects"): with it the run sends the target's names and
 * reads its answers back in the spec's, so everything behind a naming gap is still tested. The spec's names stay a
 * must: each mapped name is reported once as the failure of the requirement that names it (DIALECT-* checks).
 */
export interface Dialect {
  /** Spec name → the target's, by operation id ('*': every operation): request bodies, query parameters and answers. */
  readonly fields: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The key GET /v1/messages lists under where spec §2.2 names `data`. */
  readonly listKey?: string;
  /** DESIGN.md §4's pagination names (page, limit, total, has_more) → the target's. */
  readonly pagination: Readonly<Record<string, string>>;
  /** The pagination field that gives the offset of the first item where DESIGN.md §4 gives the page number. */
  readonly pageOffset?: string;
}

/** DESIGN.md §4's pagination object. */
export const paginationNames: readonly string[] = ['page', 'limit', 'total', 'has_more'];

const name = /^[A-Za-z_$][\w$-]*$/;
const syntax = '[<operation>.]<field>=<name>, list=<key>, pagination.<page|limit|total|has_more>=<name> or pagination.offset=<name>';

/** The dialect of `--dialect` entries (see {@link Dialect}); undefined when none is given. Throws USAGE naming `label`. */
export function parseDialect(entries: readonly string[], label: string): Dialect | undefined {
  if (entries.length === 0) return undefined;
  const fields: Record<string, Record<string, string>> = {};
  const pagination: Record<string, string> = {};
  let listKey: string | undefined;
  let pageOffset: string | undefined;
  const refuse = (entry: string, why: string): never => {
    throw new HarnessError('USAGE', `${label} "${entry}": ${why}. Give ${syntax}, e.g. message=body.`);
  };
  for (const entry of entries) {
    const match = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(entry);
    if (match === null) refuse(entry, 'not <spec name>=<target name>');
    const [, left, right] = match as unknown as [string, string, string];
    if (!name.test(right)) refuse(entry, `"${right}" is not a field name`);
    if (left === 'list') listKey = right;
    else if (left === 'pagination.offset') pageOffset = right;
    else if (left.startsWith('pagination.')) {
      const field = left.slice('pagination.'.length);
      if (!paginationNames.includes(field)) refuse(entry, `DESIGN.md §4's pagination fields are ${paginationNames.join(', ')}`);
      pagination[field] = right;
    } else {
      const dot = left.lastIndexOf('.');
      const scope = dot < 0 ? '*' : left.slice(0, dot);
      const field = dot < 0 ? left : left.slice(dot + 1);
      if (scope !== '*' && !operations.some((operation) => operation.id === scope))
        refuse(entry, `${scope} is no operation of the contract (${operations.map((operation) => operation.id).join(', ')})`);
      if (!name.test(field) || field === right) refuse(entry, 'name a field and the different name the target gives it');
      // body=message is message=body the wrong way round: the left side is the spec's name (docs/conventions.md)
      if (!specFieldNames().has(field))
        refuse(entry, `${field} is no field name of the spec (the left side is the spec's, the right the target's): ${[...specFieldNames()].join(', ')}`);
      fields[scope] = { ...fields[scope], [field]: right };
    }
  }
  return { fields, pagination, ...(listKey === undefined ? {} : { listKey }), ...(pageOffset === undefined ? {} : { pageOffset }) };
}

/** The dialect as entries, one per name (the form --dialect takes; reports and reproductions print it). */
export function dialectEntries(dialect: Dialect): string[] {
  return [
    ...Object.entries(dialect.fields).flatMap(([scope, map]) =>
      Object.entries(map).map(([spec, target]) => `${scope === '*' ? '' : `${scope}.`}${spec}=${target}`),
    ),
    ...(dialect.listKey === undefined ? [] : [`list=${dialect.listKey}`]),
    ...Object.entries(dialect.pagination).map(([design, target]) => `pagination.${design}=${target}`),
    ...(dialect.pageOffset === undefined ? [] : [`pagination.offset=${dialect.pageOffset}`]),
  ];
}

/** Spec name → the target's name of the fields of one operation (its own over those of every operation). */
export function fieldNames(dialect: Dialect, operationId: string): Readonly<Record<string, string>> {
  return { ...dialect.fields['*'], ...dialect.fields[operationId] };
}

/** A request's body and query in the target's names (a JSON object body and a query object only; anything else as is). */
export function toTargetRequest<T extends { body?: unknown; query?: unknown }>(dialect: Dialect, operationId: string, request: T): T {
  const names = fieldNames(dialect, operationId);
  if (Object.keys(names).length === 0) return request;
  const body = isObject(request.body) ? renamed(request.body, names) : request.body;
  const query = isObject(request.query) ? renamed(request.query, names) : request.query;
  return body === request.body && query === request.query ? request : { ...request, body, query };
}

/** An answer in the spec's names: its fields, list items, GET /v1/messages' envelope and pagination object. */
export function fromTargetAnswer(dialect: Dialect, operationId: string, json: unknown): unknown {
  const back = inverse(fieldNames(dialect, operationId));
  const item = (value: unknown): unknown => (isObject(value) ? renamed(value, back) : value);
  if (Array.isArray(json)) return json.map(item);
  if (!isObject(json)) return json;
  if (operationId !== 'listMessages') return item(json);
  const listed = dialect.listKey !== undefined && json.data === undefined && dialect.listKey in json ? renamed(json, { [dialect.listKey]: 'data' }) : json;
  return {
    ...listed,
    ...(Array.isArray(listed.data) ? { data: listed.data.map(item) } : {}),
    ...(isObject(listed.pagination) ? { pagination: designPagination(dialect, listed.pagination) } : {}),
  };
}

/**
 * A webhook delivery's body in the spec's names: the fields of its `data` the dialect renames everywhere (no
 * operation named: `message=body`), since a message event's data is the message (spec §6, DESIGN.md §4). Per-operation
 * names, the list key and pagination are no part of a payload. The same value when nothing is renamed.
 */
export function fromTargetPayload(dialect: Dialect, json: unknown): unknown {
  const everywhere = dialect.fields['*'];
  if (everywhere === undefined || !isObject(json) || !isObject(json.data)) return json;
  const data = renamed(json.data, inverse(everywhere));
  return data === json.data ? json : { ...json, data };
}

/** The target's pagination object in DESIGN.md §4's names; an item offset becomes the page it starts. */
function designPagination(dialect: Dialect, pagination: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const named = renamed(pagination, inverse(dialect.pagination));
  const offset = dialect.pageOffset === undefined ? undefined : named[dialect.pageOffset];
  if (typeof offset !== 'number' || typeof named.limit !== 'number' || named.limit <= 0 || named.page !== undefined) return named;
  const { [dialect.pageOffset as string]: _offset, ...rest } = named;
  return { ...rest, page: Math.floor(offset / named.limit) + 1 };
}

/** The object with each `from` key present (and its `to` key absent) renamed to `to`; the same object when none is. */
function renamed(object: Readonly<Record<string, unknown>>, names: Readonly<Record<string, string>>): Record<string, unknown> {
  const moves = Object.entries(names).filter(([from, to]) => from in object && !(to in object));
  if (moves.length === 0) return object as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const rename = new Map(moves);
  for (const [key, value] of Object.entries(object)) out[rename.get(key) ?? key] = value;
  return out;
}

function inverse(names: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([spec, target]) => [target, spec]));
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}
