import { asSchema } from './json-schema.js';
import type { JsonSchema } from './json-schema.js';

/** Readable values by field name: what a person would type to try the API (spec §2.1, §4.1). */
const plainByName: Readonly<Record<string, string>> = {
  to: '+14155550123',
  from: '+14155550100',
  message: 'Hello from the conformance harness',
  fallback: 'Hello from the conformance harness',
};

/** Readable values by string format. */
const plainByFormat: Readonly<Record<string, string>> = {
  e164: '+14155550123',
  uuid: '00000000-0000-4000-8000-000000000001',
  uri: 'https://example.com/webhook',
  'date-time': '2025-01-01T00:00:00Z',
  email: 'dev@example.com',
};

/**
 * A plain, readable value of a schema (DESIGN.md §3 "Say what the target expects"): ASCII words, a real-looking E.164
 * number, the smallest allowed number, the first member of an enum, only the required properties. A counterexample
 * built of it tells what the target refused without inviting the wrong diagnosis (random Unicode that renders as empty
 * boxes). Undefined when the schema asks for what a plain value cannot give (a pattern, a combinator): the caller then
 * keeps its random example. Not validated here: the caller checks it against the contract.
 */
export function plainValue(schema: JsonSchema, name = ''): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined || schema.pattern !== undefined) return undefined;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return plainObject(schema);
    case 'array': {
      const item = schema.items === undefined ? {} : asSchema(schema.items);
      const value = item === undefined ? undefined : plainValue(item, name);
      if (value === undefined) return undefined;
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => value).slice(0, schema.uniqueItems ? 1 : undefined);
    }
    case 'string':
      return plainString(schema, name);
    case 'integer':
    case 'number':
      return plainNumber(schema);
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

function plainObject(schema: JsonSchema): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const key of schema.required ?? []) {
    const property = asSchema(schema.properties?.[key]);
    const value = property === undefined ? undefined : plainValue(property, key);
    if (value === undefined) return undefined;
    out[key] = value;
  }
  return out;
}

function plainString(schema: JsonSchema, name: string): string | undefined {
  if (schema.format !== undefined) return plainByFormat[schema.format];
  const word = plainByName[name] ?? `conform ${name || 'value'}`;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const sized = word.length < min ? word.padEnd(min, 'x') : word;
  return sized.length > max ? sized.slice(0, max) : sized;
}

function plainNumber(schema: JsonSchema): number | undefined {
  if (typeof schema.default === 'number') return schema.default;
  const lowest = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const value = Math.max(lowest, 1);
  return schema.maximum !== undefined && value > schema.maximum ? schema.maximum : value;
}
