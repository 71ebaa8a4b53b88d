import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { objectAt, type JsonObject } from './json-object.js';

/** The banner of spec/generated/types.ts. */
export const typesBanner = [
  '// Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.',
  '// One TypeScript type per component schema; `ComponentTypes` maps each component name to its type.',
].join('\n');

/** TypeScript declarations of the component schemas of the raw (not dereferenced) contract. */
export async function componentTypes(raw: JsonObject): Promise<string> {
  const components = objectAt(objectAt(raw, 'components'), 'schemas');
  const definitions = forTypes(JSON.parse(JSON.stringify(components).replaceAll('"#/components/schemas/', '"#/definitions/')));
  const names = Object.keys(components);
  const root = {
    title: 'ComponentTypes',
    description: 'Each component schema of spec/openapi.yaml by name.',
    type: 'object',
    additionalProperties: false,
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, { $ref: `#/definitions/${name}` }])),
    definitions,
  };
  return compile(root as JSONSchema, 'ComponentTypes', {
    bannerComment: typesBanner,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    strictIndexSignatures: true,
    unknownAny: true,
    format: true,
    style: { printWidth: 120, singleQuote: true },
  });
}

/**
 * Shapes a schema for the type generator: a `$ref` with sibling annotations becomes the bare `$ref` (so it names the
 * referenced type instead of minting a copy), and an object without properties becomes `Record<string, unknown>`.
 */
function forTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonObject;
  if (typeof node.$ref === 'string') return { $ref: node.$ref };
  const shaped = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, forTypes(value)]));
  if (node.type === 'object' && node.properties === undefined && node.oneOf === undefined) {
    shaped.tsType = 'Record<string, unknown>';
  }
  return shaped;
}
