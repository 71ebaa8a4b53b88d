// Test-side schema navigation, written apart from suites/arbitraries so the tests do not trust its walker.
import type { JsonSchema } from '../../suites/arbitraries/index.js';

function parts(schema: JsonSchema): JsonSchema[] {
  return [schema, ...(schema.allOf ?? []).flatMap(parts)];
}

/** The schema at a path of property names / indexes, and the array schema it is an item of. */
export function schemaAt(root: JsonSchema, path: readonly string[]): { schema: JsonSchema; itemOf?: JsonSchema } {
  let schema = root;
  let itemOf: JsonSchema | undefined;
  for (const key of path) {
    const all = parts(schema);
    const items = all.find((p) => p.items !== undefined)?.items;
    if (/^\d+$/.test(key) && items !== undefined) {
      itemOf = schema;
      schema = typeof items === 'boolean' ? {} : items;
    } else {
      itemOf = undefined;
      const found = all.map((p) => p.properties?.[key]).find((s) => s !== undefined);
      schema = typeof found === 'object' ? found : {};
    }
  }
  return itemOf === undefined ? { schema } : { schema, itemOf };
}

const CONSTRAINTS = [
  'type',
  'enum',
  'const',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'maxItems',
];

/** Every (path, keyword) constraint of a schema that a mutation can break, as "a/b:keyword" strings. */
export function constraintKeys(root: JsonSchema, path: string[] = []): string[] {
  const out: string[] = [];
  const at = (p: string[], k: string) => out.push(`${p.join('/')}:${k}`);
  const all = parts(root);
  for (const part of all) {
    for (const k of CONSTRAINTS) if (k in part) at(path, k);
    if ((part.minLength ?? 0) > 0) at(path, 'minLength');
    if ((part.minItems ?? 0) > 0) at(path, 'minItems');
    if (part.uniqueItems === true) at(path, 'uniqueItems');
    if (part.additionalProperties === false) at([...path, 'unexpected_property'], 'additionalProperties');
    for (const name of part.required ?? []) at([...path, name], 'required');
    for (const [name, sub] of Object.entries(part.properties ?? {})) {
      if (sub === false) at([...path, name], 'false schema');
      else if (sub !== true) out.push(...constraintKeys(sub, [...path, name]));
    }
    if (typeof part.items === 'object') out.push(...constraintKeys(part.items, [...path, '0']));
  }
  return out;
}
