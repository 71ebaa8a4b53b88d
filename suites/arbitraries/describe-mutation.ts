import { codePointLength } from './code-point-length.js';
import type { JsonSchema } from './json-schema.js';
import { jsonTypeOf } from './leaf-violations.js';
import type { PathStep } from './schema-walk.js';

/** A readable name for the value at the steps: the property name, "<array> item", or "value" at the root. */
export function nameOf(steps: readonly PathStep[]): string {
  const names = steps.map((s) => s.key);
  const last = names.at(-1);
  if (last === undefined) return 'value';
  if (!/^\d+$/.test(last)) return last;
  return `${names.at(-2) ?? 'array'} item`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One line describing a mutation, e.g. "message of 1601 characters (max 1600)". */
export function describeMutation(schema: JsonSchema, steps: readonly PathStep[], keyword: string, value: unknown): string {
  const name = nameOf(steps);
  const length = typeof value === 'string' ? codePointLength(value) : undefined;
  switch (keyword) {
    case 'required':
      return `missing required ${name}`;
    case 'additionalProperties':
      return `unexpected property ${name}`;
    case 'false schema':
      return `forbidden property ${name} present`;
    case 'type':
      return `${name} of type ${jsonTypeOf(value)} (expected ${[schema.type].flat().join(' or ')})`;
    case 'minLength':
      return `${name} of ${length} characters (min ${schema.minLength})`;
    case 'maxLength':
      return `${name} of ${length} characters (max ${schema.maxLength})`;
    case 'enum':
      return `${name} ${show(value)} outside the enum`;
    case 'const':
      return `${name} ${show(value)} instead of ${show(schema.const)}`;
    case 'pattern':
      return `${name} ${show(value)} not matching ${schema.pattern}`;
    case 'format':
      return `${name} ${show(value)} not a valid ${schema.format}`;
    case 'minItems':
      return `${name} with ${String(value)} items (min ${schema.minItems})`;
    case 'maxItems':
      return `${name} with ${String(value)} items (max ${schema.maxItems})`;
    case 'uniqueItems':
      return `${name} with a duplicate item`;
    default:
      return `${name} = ${show(value)} (${keyword} ${show(schema[keyword])})`;
  }
}
