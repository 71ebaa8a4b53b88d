/**
 * How a partial target names things, as a third-party simulator may: the rewriting its proxy does between the harness
 * and the reference behind it (test/support/partial-target.ts).
 */
export interface PartialDialect {
  /** spec name → the target's name, in request bodies and in answers (top-level fields and list items): `{ message: 'body' }`. */
  readonly fields?: Readonly<Record<string, string>>;
  /** The key GET /v1/messages lists under instead of `data` (spec §2.2). */
  readonly listKey?: string;
  /**
   * Offset-style pagination: the list's pagination object is `{offset, limit, total, <hasMore>}` instead of DESIGN.md
   * §4's `{page, limit, total, has_more}`; the value names the has_more field.
   */
  readonly offsetPagination?: { readonly hasMore: string };
  /** Error bodies `{error: 'Invalid request data', details: [{message}]}` with the target's field names in the message. */
  readonly detailedErrors?: boolean;
  /** Spec fields the target's answers lack (top-level and list items), as a target without `direction` does: `['direction']`. */
  readonly dropped?: readonly string[];
}

/** A harness request body as the reference must see it: the target's names read, the spec's names unknown to it dropped. */
export function targetRequestBody(body: Buffer, dialect: PartialDialect): Buffer {
  const fields = Object.entries(dialect.fields ?? {});
  const object = fields.length === 0 ? undefined : jsonObject(body);
  if (object === undefined) return body;
  for (const [spec, target] of fields) {
    const given = object[target];
    delete object[spec];
    delete object[target];
    if (given !== undefined) object[spec] = given;
  }
  return Buffer.from(JSON.stringify(object), 'utf8');
}

/** The reference's answer as the target gives it: its names, its list envelope, its error bodies. */
export function targetAnswerBody(status: number, body: Buffer, operation: string | undefined, dialect: PartialDialect): Buffer {
  const json = body.length === 0 ? undefined : parse(body);
  if (json === undefined) return body;
  if (status >= 400) return Buffer.from(JSON.stringify(targetError(status, json, dialect)), 'utf8');
  if (status < 200 || status >= 300) return body;
  const renamed = (item: unknown): unknown => renameKeys(item, dialect.fields ?? {}, dialect.dropped ?? []);
  if (operation === 'listMessages' && isObject(json)) {
    const { data, pagination, ...rest } = json;
    const items = Array.isArray(data) ? data.map(renamed) : data;
    return Buffer.from(JSON.stringify({ ...rest, [dialect.listKey ?? 'data']: items, pagination: targetPagination(pagination, dialect) }), 'utf8');
  }
  return Buffer.from(JSON.stringify(Array.isArray(json) ? json.map(renamed) : renamed(json)), 'utf8');
}

function targetPagination(pagination: unknown, dialect: PartialDialect): unknown {
  if (dialect.offsetPagination === undefined || !isObject(pagination)) return pagination;
  const { page, limit, total, has_more: hasMore } = pagination;
  const offset = typeof page === 'number' && typeof limit === 'number' ? (page - 1) * limit : page;
  return { offset, limit, total, [dialect.offsetPagination.hasMore]: hasMore };
}

/** The reference's error in the target's words: its field names in the message, in its own body shape if detailed. */
function targetError(status: number, json: unknown, dialect: PartialDialect): unknown {
  if (!isObject(json) || typeof json.message !== 'string') return json;
  let message = json.message;
  for (const [spec, target] of Object.entries(dialect.fields ?? {})) message = message.replace(new RegExp(`\\b${spec}\\b`, 'g'), target);
  if (!dialect.detailedErrors) return { ...json, message };
  const error = status === 400 ? 'Invalid request data' : status === 404 ? 'Not found' : `HTTP ${status}`;
  return { error, details: [{ message }] };
}

function renameKeys(value: unknown, fields: Readonly<Record<string, string>>, dropped: readonly string[]): unknown {
  if (!isObject(value)) return value;
  const kept = Object.entries(value).filter(([key]) => !dropped.includes(key));
  return Object.fromEntries(kept.map(([key, item]) => [fields[key] ?? key, item]));
}

function jsonObject(body: Buffer): Record<string, unknown> | undefined {
  const json = parse(body);
  return isObject(json) ? { ...json } : undefined;
}

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
