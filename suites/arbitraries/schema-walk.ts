import { exampleValue } from './example-value.js';
import { asSchema, mergeAllOf, schemaTypes, type JsonSchema } from './json-schema.js';

/** One step from a value to a child: the property name or array index, and the child's schema. */
export interface PathStep {
  key: string;
  schema: JsonSchema;
}

/** A schema node met by {@link walkSchema}: its merged schema, the steps to it, and the array schema holding it, if an item. */
export interface SchemaNode {
  schema: JsonSchema;
  steps: PathStep[];
  itemOf?: JsonSchema;
}

/** Visits every node reachable through properties and items (oneOf/anyOf branches are not entered). */
export function walkSchema(root: JsonSchema, visit: (node: SchemaNode) => void): void {
  const go = (raw: JsonSchema, steps: PathStep[], itemOf?: JsonSchema) => {
    const schema = mergeAllOf(raw);
    visit({ schema, steps, itemOf });
    for (const [name, raw] of Object.entries(schema.properties ?? {})) {
      const sub = asSchema(raw);
      if (sub !== undefined) go(sub, [...steps, { key: name, schema: sub }]);
    }
    const items = asSchema(schema.items);
    if (schema.items !== undefined && items !== undefined) go(items, [...steps, { key: '0', schema: items }], schema);
  };
  go(root, []);
}

/** The same schema without `null` among its types (for building a container that must exist). */
function nonNull(schema: JsonSchema): JsonSchema {
  const types = schemaTypes(schema);
  if (types === undefined || !types.includes('null')) return schema;
  const rest = types.filter((t) => t !== 'null');
  return { ...schema, type: rest.length === 1 ? rest[0] : rest };
}

/** Marker a replacer returns to delete the property. */
export const REMOVE: unique symbol = Symbol('remove');

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/**
 * A deep copy of `root` where the value at `steps` is replaced by `replace(current)`; containers missing on the way
 * (absent optional objects, too-short arrays) are filled with deterministic valid examples first.
 */
export function replaceAt(root: unknown, rootSchema: JsonSchema, steps: readonly PathStep[], replace: (current: unknown) => unknown): unknown {
  if (steps.length === 0) {
    const result = replace(root === undefined ? exampleValue(rootSchema) : structuredClone(root));
    return result === REMOVE ? undefined : result;
  }
  const copy: unknown = isContainer(root) ? structuredClone(root) : exampleValue(nonNull(rootSchema));
  let container = copy as Container;
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    const slot = container as Record<string, unknown>;
    if (Array.isArray(container)) {
      const index = Number(step.key);
      while (container.length <= index) container.push(exampleValue(step.schema));
    }
    if (last) {
      const current = step.key in slot ? slot[step.key] : exampleValue(step.schema);
      const next = replace(current);
      if (next === REMOVE) delete slot[step.key];
      else slot[step.key] = next;
    } else {
      if (!isContainer(slot[step.key])) slot[step.key] = exampleValue(nonNull(step.schema));
      container = slot[step.key] as Container;
    }
  }
  return copy;
}
