import { walkSites } from '../../rules/index.js';
import type { JsonSchema } from '../arbitraries/index.js';

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
