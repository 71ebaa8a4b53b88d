import { overrideAt, type ArbitraryOptions } from './arbitrary-options.js';
import { codePointLength } from './code-point-length.js';
import { distinctSamples, distinctValues, exampleValue } from './example-value.js';
import { formatOfLength } from './formats.js';
import { asSchema, schemaTypes, type JsonSchema } from './json-schema.js';
import { leafViolations } from './leaf-violations.js';
import { textOfLength, type MessageAlphabet } from './message-text.js';
import { nameOf } from './describe-mutation.js';
import { replaceAt, walkSchema, type SchemaNode } from './schema-walk.js';
import { segmentBoundaryLengths } from './sms-segments.js';
import { stringOfLength } from './string-of-length.js';

/** A valid value at a boundary of one constraint: the whole value (e.g. a request) with that leaf at its bound. */
export interface BoundaryCase {
  path: string[];
  keyword: string;
  description: string;
  value: unknown;
}

type Leaf = { keyword: string; value: unknown; description: string };

function stringLeaves(schema: JsonSchema, name: string): Leaf[] {
  const out: Leaf[] = [];
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const chars = (v: string) => `${name} of ${codePointLength(v)} characters`;
  const add = (keyword: string, value: string, note = '') => out.push({ keyword, value, description: `${chars(value)}${note}` });
  if (schema.minLength !== undefined || max !== undefined) {
    const lengths = [min, min + 1, ...(max === undefined ? [] : [max - 1, max])].filter((n) => n >= min && (max === undefined || n <= max));
    for (const n of new Set(lengths)) add(n - min <= (max ?? Infinity) - n ? 'minLength' : 'maxLength', stringOfLength(schema, n));
  }
  const freeText = schema.format === undefined && schema.pattern === undefined;
  if (freeText && max !== undefined) {
    for (const n of segmentBoundaryLengths('gsm7', min, max)) add('maxLength', textOfLength(n, 'gsm7'), ' (GSM-7 segment boundary)');
    for (const n of segmentBoundaryLengths('ucs2', min, max)) add('maxLength', textOfLength(n, 'ucs2'), ' (UCS-2 segment boundary)');
    const variants: MessageAlphabet[] = ['gsm7-extended', 'ucs2', 'emoji'];
    // spec §8 says "characters"; we count code points, so max emoji is 2x max in UTF-16 units.
    for (const alphabet of variants) add('maxLength', textOfLength(max, alphabet), ` (${alphabet}, counted in code points)`);
  }
  if (schema.format === 'e164') {
    for (const n of [3, 16]) {
      const v = formatOfLength('e164', n);
      if (v !== undefined) out.push({ keyword: 'format', value: v, description: `${name} ${v} (E.164 with ${n - 1} digits)` });
    }
  }
  return out;
}

function numberLeaves(schema: JsonSchema, name: string, integer: boolean): Leaf[] {
  const lo = schema.minimum ?? (integer && schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : undefined);
  const hi = schema.maximum ?? (integer && schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : undefined);
  const out: Leaf[] = [];
  if (lo !== undefined) out.push({ keyword: 'minimum', value: integer ? Math.ceil(lo) : lo, description: `${name} = ${lo} (lowest allowed)` });
  if (hi !== undefined) out.push({ keyword: 'maximum', value: integer ? Math.floor(hi) : hi, description: `${name} = ${hi} (highest allowed)` });
  return out;
}

function arrayLeaves(node: SchemaNode, name: string, options: ArbitraryOptions): Leaf[] {
  const { schema } = node;
  const items = asSchema(schema.items) ?? {};
  const counts = [schema.minItems, schema.maxItems];
  if (schema.maxItems === undefined && schema.uniqueItems === true && items.enum !== undefined) counts.push(items.enum.length);
  const itemOverride = overrideAt(options, [...node.steps.map((s) => s.key), '0']);
  return [...new Set(counts.filter((n): n is number => n !== undefined))].flatMap((n) => {
    const pool = itemOverride === undefined ? distinctValues(items, n) : distinctSamples(itemOverride, n);
    if (pool.length < n && schema.uniqueItems === true) return [];
    const value = Array.from({ length: n }, (_, i) => pool[i % Math.max(1, pool.length)]);
    return [{ keyword: n === schema.minItems ? 'minItems' : 'maxItems', value, description: `${name} with ${n} items` }];
  });
}

function objectLeaves(schema: JsonSchema, name: string): Leaf[] {
  const optional = Object.entries(schema.properties ?? {})
    .filter(([p, s]) => s !== false && !(schema.required ?? []).includes(p))
    .map(([p]) => p);
  if (optional.length === 0) return [];
  const only = (v: unknown) => Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k]) => !optional.includes(k)));
  const all = (v: unknown) => ({ ...Object.fromEntries(optional.map((p) => [p, exampleValue(asSchema(schema.properties?.[p]) ?? {})])), ...(v as object) });
  return [
    { keyword: 'required', value: only, description: `${name} with required properties only` },
    { keyword: 'properties', value: all, description: `${name} with every optional property` },
  ];
}

/** The array with `value` first; an equal item elsewhere takes the old first item's place (keeps uniqueItems). */
function swapIntoFirst(items: unknown[], value: unknown): unknown[] {
  const out = [...items];
  const j = out.findIndex((v) => JSON.stringify(v) === JSON.stringify(value));
  if (j > 0) out[j] = out[0];
  out[0] = value;
  return out;
}

/** Valid values at the boundaries of every constraint (lengths, ranges, enum members, item counts), in schema order. */
export function boundaryValues(schema: JsonSchema, options: ArbitraryOptions = {}): BoundaryCase[] {
  const base = exampleValue(schema, options);
  const cases: BoundaryCase[] = [];
  const seen = new Set<string>();
  walkSchema(schema, (node) => {
    const path = node.steps.map((s) => s.key);
    if (path.some((_, i) => overrideAt(options, path.slice(0, i + 1)) !== undefined)) return;
    const name = nameOf(node.steps);
    const types = schemaTypes(node.schema) ?? [];
    const leaves: Leaf[] =
      node.schema.enum !== undefined
        ? node.schema.enum.map((value) => ({ keyword: 'enum', value, description: `${name} = ${JSON.stringify(value)}` }))
        : [
            ...(types.includes('string') ? stringLeaves(node.schema, name) : []),
            ...(types.includes('integer') || types.includes('number') ? numberLeaves(node.schema, name, !types.includes('number')) : []),
            ...(types.includes('array') ? arrayLeaves(node, name, options) : []),
            ...(node.schema.properties !== undefined ? objectLeaves(node.schema, name) : []),
          ];
    for (const leaf of leaves) {
      const replace = typeof leaf.value === 'function' ? (leaf.value as (v: unknown) => unknown) : () => leaf.value;
      if (typeof leaf.value !== 'function' && leafViolations(node.schema, leaf.value).length > 0) continue;
      const value =
        node.itemOf === undefined
          ? replaceAt(base, schema, node.steps, replace)
          : replaceAt(base, schema, node.steps.slice(0, -1), (items) => {
              const list = Array.isArray(items) ? items : [];
              return swapIntoFirst(list, replace(list.length > 0 ? list[0] : exampleValue(node.schema)));
            });
      const key = JSON.stringify([path, value]);
      if (seen.has(key)) continue;
      seen.add(key);
      cases.push({ path, keyword: leaf.keyword, description: leaf.description, value });
    }
  });
  return cases;
}
