import type { JsonSchema } from '../arbitraries/index.js';

/** One node of a schema tree: the property names / `*` for array items that lead to it. */
export interface SchemaSite {
  readonly path: readonly string[];
  readonly schema: JsonSchema;
  /** True when this node or an ancestor is `x-assumed` (DESIGN.md §4 decided it). */
  readonly assumed: boolean;
}

/** Visits every node reachable through `properties` and `items` (the generated schemas are dereferenced). */
export function walkSites(root: JsonSchema, visit: (site: SchemaSite) => void): void {
  const go = (schema: JsonSchema, path: string[], inherited: boolean): void => {
    const assumed = inherited || schema['x-assumed'] === true;
    visit({ path, schema, assumed });
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (typeof sub === 'object') go(sub, [...path, name], assumed);
    }
    if (typeof schema.items === 'object') go(schema.items, [...path, '*'], assumed);
  };
  go(root, [], false);
}

/** True when the node at `path` (array indexes as digits or `*`) or one of its ancestors is `x-assumed`. */
export function isAssumedAt(root: JsonSchema, path: readonly string[]): boolean {
  let node: JsonSchema | undefined = root;
  for (const step of ['', ...path]) {
    if (step !== '') {
      const next: unknown = /^(\d+|\*)$/.test(step) ? node?.items : node?.properties?.[step];
      node = typeof next === 'object' && next !== null ? (next as JsonSchema) : undefined;
    }
    if (node === undefined) return false;
    if (node['x-assumed'] === true) return true;
  }
  return false;
}

/** Every requirement id cited by `x-requirements` anywhere in the schema. */
export function citedRequirements(root: JsonSchema): string[] {
  const ids = new Set<string>();
  walkSites(root, ({ schema }) => {
    for (const id of Object.values(schema['x-requirements'] ?? {})) ids.add(id);
  });
  return [...ids];
}

/** The `x-spec-section` of every `x-assumed` node that names one. */
export function assumedSections(root: JsonSchema): string[] {
  const sections = new Set<string>();
  walkSites(root, ({ schema }) => {
    const section = schema['x-spec-section'];
    if (schema['x-assumed'] === true && typeof section === 'string') sections.add(section);
  });
  return [...sections];
}

/** Paths (dotted, `*` for items: the arbitraries' override keys) of the string nodes the predicate picks. */
export function stringPaths(root: JsonSchema, pick: (schema: JsonSchema) => boolean): string[] {
  const out: string[] = [];
  walkSites(root, ({ path, schema }) => {
    if (path.length > 0 && isString(schema) && pick(schema)) out.push(path.join('.'));
  });
  return out;
}

/**
 * The schema positive requests are drawn from: free-text strings get at least one character. The spec is silent
 * on empty strings (MSG-SEND-EMPTY-MESSAGE, MSG-SEND-FROM-FORMAT are observe-level), so a refusal of "" is no
 * conformance failure and a positive check must not send one.
 */
export function positiveSchema(root: JsonSchema): JsonSchema {
  const copy = structuredClone(root);
  walkSites(copy, ({ schema }) => {
    const free = schema.enum === undefined && !('const' in schema) && schema.format === undefined && schema.pattern === undefined;
    if (isString(schema) && free && schema.minLength === undefined) schema.minLength = 1;
  });
  return copy;
}

function isString(schema: JsonSchema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}
