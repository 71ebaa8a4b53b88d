/** The JSON Schema (draft 2020-12 subset, dereferenced) the arbitraries understand. */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: JsonSchema | boolean;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema | boolean>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  'x-requirements'?: Record<string, string>;
  'x-requirement'?: string;
  [annotation: string]: unknown;
}

/** A schema where a subschema may stand: `true` allows anything, `false` nothing (e.g. a forbidden property). */
export type SubSchema = JsonSchema | boolean;

/** The object form of a subschema: `true` becomes `{}`; `false` becomes undefined. */
export function asSchema(schema: SubSchema | undefined): JsonSchema | undefined {
  if (schema === undefined || schema === true) return {};
  return schema === false ? undefined : schema;
}

/** The JSON Schema primitive type names. */
export type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/** Error of the arbitraries layer; `code` is stable. */
export class ArbitrariesError extends Error {
  constructor(
    readonly code: 'UNSUPPORTED_SCHEMA' | 'UNKNOWN_OPTION' | 'UNSATISFIABLE',
    message: string,
  ) {
    super(message);
    this.name = 'ArbitrariesError';
  }
}

/** The declared types of a schema as a list, or undefined when it declares none. */
export function schemaTypes(schema: JsonSchema): JsonType[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The requirement id that `x-requirements` (or a blanket `x-requirement`) assigns to a keyword of this schema. */
export function requirementOf(schema: JsonSchema | undefined, keyword: string): string | undefined {
  if (schema === undefined) return undefined;
  return schema['x-requirements']?.[keyword] ?? schema['x-requirement'];
}

/** The schema with its `allOf` merged in (simple cases: properties, required and keyword unions). */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (schema.allOf === undefined) return schema;
  const { allOf, ...rest } = schema;
  let merged: JsonSchema = { ...rest };
  for (const part of allOf.map(mergeAllOf)) {
    const properties: Record<string, SubSchema> = { ...merged.properties, ...part.properties };
    const required = [...new Set([...(merged.required ?? []), ...(part.required ?? [])])];
    const requirements = { ...merged['x-requirements'], ...part['x-requirements'] };
    merged = { ...merged, ...part };
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
    if (Object.keys(requirements).length > 0) merged['x-requirements'] = requirements;
  }
  return merged;
}

/** The type a schema's value has when the schema does not say (inferred from its keywords), or undefined. */
export function impliedType(schema: JsonSchema): JsonType | undefined {
  const declared = schemaTypes(schema)?.find((t) => t !== 'null');
  if (declared !== undefined) return declared;
  if (schema.properties !== undefined || schema.required !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  if (schema.format !== undefined || schema.pattern !== undefined || schema.maxLength !== undefined) return 'string';
  return undefined;
}
