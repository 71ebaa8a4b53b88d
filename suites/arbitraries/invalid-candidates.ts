import { exampleValue } from './example-value.js';
import { badFormatSamples } from './formats.js';
import { schemaTypes, type JsonSchema } from './json-schema.js';
import { textOfLength } from './message-text.js';
import { stringOfLength } from './string-of-length.js';

/** Keywords of one schema node that a replacement value (independent of the base) can break. */
export const VALUE_KEYWORDS = [
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

/** A keyword a replacement value can break. */
export type ValueKeyword = (typeof VALUE_KEYWORDS)[number];

const isInteger = (schema: JsonSchema) => schemaTypes(schema)?.includes('integer') === true;

/** Candidate replacement values meant to break `keyword` of the schema, best first (empty when the keyword is absent). */
export function invalidCandidates(schema: JsonSchema, keyword: ValueKeyword): unknown[] {
  const shortest = Math.max(schema.minLength ?? 0, 1);
  switch (keyword) {
    case 'type':
      return schema.type === undefined ? [] : ['wrong-type', 12345, true, null, {}, []];
    case 'enum':
    case 'const': {
      const members = keyword === 'enum' ? schema.enum : 'const' in schema ? [schema.const] : undefined;
      if (members === undefined) return [];
      const first = String(members[0]);
      return [`${first}_invalid`, first.toUpperCase(), 'invalid', stringOfLength({}, shortest), 999999, -1, true];
    }
    case 'minLength':
      return schema.minLength !== undefined && schema.minLength > 0 ? [stringOfLength(schema, schema.minLength - 1)] : [];
    case 'maxLength':
      return schema.maxLength === undefined ? [] : [stringOfLength(schema, schema.maxLength + 1)];
    case 'pattern':
      return schema.pattern === undefined ? [] : ['!'.repeat(shortest), ' '.repeat(shortest), textOfLength(shortest), '\u{1F600}'.repeat(shortest)];
    case 'format':
      return schema.format === undefined ? [] : [...badFormatSamples(schema.format)];
    case 'minimum':
      return schema.minimum === undefined
        ? []
        : [isInteger(schema) ? Math.ceil(schema.minimum) - 1 : schema.minimum - 1, schema.minimum - (schema.multipleOf ?? 1)];
    case 'maximum':
      return schema.maximum === undefined
        ? []
        : [isInteger(schema) ? Math.floor(schema.maximum) + 1 : schema.maximum + 1, schema.maximum + (schema.multipleOf ?? 1)];
    case 'exclusiveMinimum':
      return schema.exclusiveMinimum === undefined ? [] : [isInteger(schema) ? Math.floor(schema.exclusiveMinimum) : schema.exclusiveMinimum];
    case 'exclusiveMaximum':
      return schema.exclusiveMaximum === undefined ? [] : [isInteger(schema) ? Math.ceil(schema.exclusiveMaximum) : schema.exclusiveMaximum];
    case 'multipleOf': {
      if (schema.multipleOf === undefined) return [];
      const valid = exampleValue({ ...schema, type: isInteger(schema) ? 'integer' : 'number' }) as number;
      return [valid + 1, valid - 1, valid + schema.multipleOf / 2];
    }
  }
}
