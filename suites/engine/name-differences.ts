import { schemas, validate } from '../../spec/index.js';
import type { JsonSchema } from '../../spec/index.js';
import type { NameDifference } from '../../results/run-result.js';

type SchemaObject = Exclude<JsonSchema, boolean>;

/**
 * The differences of an answer from a schema that are names only (DESIGN.md §3 "Say what the target expects"): a
 * required field missing where the same object carries a field the schema does not know, of the same JSON type (an
 * envelope key, a field name). Each pair once, however many list items show it. Ambiguous pairs (several unknown
 * fields of the type, none named alike) are left out: the schema violation says the rest.
 */
export function nameDifferences(schemaName: string, value: unknown): NameDifference[] {
  const root = schemas[schemaName];
  if (root === undefined) return [];
  const found = new Map<string, NameDifference>();
  for (const issue of validate(schemaName, value).issues) {
    if (issue.keyword !== 'required') continue;
    const segments = issue.path.split('/').slice(1).map(unescape);
    const missing = segments.pop() as string;
    const holder = valueAt(value, segments);
    const parent = schemaAt(root, segments);
    if (!isObject(holder) || parent === undefined) continue;
    const properties = propertiesOf(parent);
    const known = new Set(Object.keys(properties));
    const property = properties[missing];
    const wanted = isObject(property) ? property : undefined;
    const candidates = Object.keys(holder).filter((key) => !known.has(key) && sameType(wanted, holder[key]));
    const target = pick(missing, candidates);
    if (target === undefined) continue;
    const at = segments.map((s) => (/^\d+$/.test(s) ? '*' : s)).join('/');
    const source = sourceOf(parent, wanted);
    found.set(`${at}|${missing}`, { at: at === '' ? '' : `/${at}`, spec: missing, target, source });
  }
  return [...found.values()];
}

/** The only candidate, else the one named like the missing field (case and separators aside). */
function pick(missing: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 1) return candidates[0];
  const plain = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const alike = candidates.filter((candidate) => plain(candidate) === plain(missing));
  return alike.length === 1 ? alike[0] : undefined;
}

function sourceOf(parent: SchemaObject, wanted: SchemaObject | undefined): string {
  const assumed = (schema: SchemaObject | undefined): boolean => (schema as { 'x-assumed'?: boolean } | undefined)?.['x-assumed'] === true;
  if (assumed(parent) || assumed(wanted)) return 'DESIGN.md §4';
  const section = (wanted as { 'x-spec-section'?: string } | undefined)?.['x-spec-section'] ?? (parent as { 'x-spec-section'?: string })['x-spec-section'];
  return section === undefined ? 'the spec' : `spec §${section}`;
}

/** True when the value has the JSON type the schema declares (any, when it declares none). */
function sameType(schema: SchemaObject | undefined, value: unknown): boolean {
  const declared = schema?.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? declared : [declared];
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return types.some((type) => type === actual || ((type === 'integer' || type === 'number') && actual === 'number'));
}

function schemaAt(root: JsonSchema, segments: readonly string[]): SchemaObject | undefined {
  let schema: SchemaObject | undefined = typeof root === 'object' ? root : undefined;
  for (const segment of segments) {
    if (schema === undefined) return undefined;
    const next: unknown = /^\d+$/.test(segment) ? schema.items : propertiesOf(schema)[segment];
    schema = typeof next === 'object' && next !== null ? (next as SchemaObject) : undefined;
  }
  return schema;
}

function propertiesOf(schema: SchemaObject): Record<string, unknown> {
  return isObject(schema.properties) ? schema.properties : {};
}

function valueAt(value: unknown, segments: readonly string[]): unknown {
  let at = value;
  for (const segment of segments) at = isObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[segment] : undefined;
  return at;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unescape(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}
