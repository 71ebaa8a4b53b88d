import { codePointLength } from './code-point-length.js';
import { matchesFormat } from './formats.js';
import { schemaTypes, type JsonSchema, type JsonType } from './json-schema.js';

/** The JSON type name of a value (integers are `integer`). */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The keywords of this schema node that the value breaks, looking at the node only (not at properties or items).
 * Used to pick mutations that break exactly one keyword.
 */
export function leafViolations(schema: JsonSchema, value: unknown): string[] {
  const out: string[] = [];
  const types = schemaTypes(schema);
  const type = jsonTypeOf(value);
  if (types !== undefined && !types.includes(type) && !(type === 'integer' && types.includes('number'))) out.push('type');
  if (schema.enum !== undefined && !schema.enum.some((e) => same(e, value))) out.push('enum');
  if ('const' in schema && !same(schema.const, value)) out.push('const');
  for (const key of ['oneOf', 'anyOf'] as const) {
    // Leaf-level only: enough to see that a wrong type matches no branch.
    const branches = schema[key];
    if (branches !== undefined && !branches.some((branch) => leafViolations(branch, value).length === 0)) out.push(key);
  }
  if (typeof value === 'string') {
    const n = codePointLength(value);
    if (schema.minLength !== undefined && n < schema.minLength) out.push('minLength');
    if (schema.maxLength !== undefined && n > schema.maxLength) out.push('maxLength');
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) out.push('pattern');
    if (schema.format !== undefined && !matchesFormat(schema.format, value)) out.push('format');
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) out.push('minimum');
    if (schema.maximum !== undefined && value > schema.maximum) out.push('maximum');
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) out.push('exclusiveMinimum');
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) out.push('exclusiveMaximum');
    if (schema.multipleOf !== undefined && !Number.isInteger(value / schema.multipleOf)) out.push('multipleOf');
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) out.push('minItems');
    if (schema.maxItems !== undefined && value.length > schema.maxItems) out.push('maxItems');
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) out.push('uniqueItems');
  }
  return out;
}
