import fc from 'fast-check';
import { overrideAt, type ArbitraryOptions } from './arbitrary-options.js';
import { asSchema, impliedType, mergeAllOf, schemaTypes, type JsonSchema, type JsonType } from './json-schema.js';
import { numberArbitrary, stringArbitrary } from './scalar-arbitrary.js';

const freeValue = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean());

function arrayArbitrary(schema: JsonSchema, options: ArbitraryOptions, path: string[]): fc.Arbitrary<unknown[]> {
  const items = asSchema(schema.items);
  if (items === undefined) return fc.constant([]);
  const itemArb = arbitraryAt(items, options, [...path, '0']);
  const minLength = schema.minItems ?? 0;
  let maxLength = schema.maxItems ?? Math.max(minLength, options.maxItems ?? 5);
  if (schema.uniqueItems !== true) return fc.array(itemArb, { minLength, maxLength });
  const choices = items.enum ?? ('const' in items ? [items.const] : undefined);
  if (choices !== undefined) maxLength = Math.min(maxLength, choices.length);
  return fc.uniqueArray(itemArb, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
}

function objectArbitrary(schema: JsonSchema, options: ArbitraryOptions, path: string[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([, s]) => s !== false)) as Record<string, JsonSchema | true>;
  if (Object.keys(properties).length === 0) {
    // A free-form object (template variables, metadata): a few string keys to simple values.
    return schema.additionalProperties === false
      ? fc.constant({})
      : fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), freeValue, { maxKeys: 3, noNullPrototype: true });
  }
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) shape[name] = arbitraryAt(asSchema(sub) ?? {}, options, [...path, name]);
  const required = (schema.required ?? []).filter((name) => name in properties);
  const record = fc.record(shape, { requiredKeys: required });
  const missing = (schema.required ?? []).filter((name) => !(name in properties));
  if (missing.length === 0) return record;
  // Required names without a property schema still have to be present.
  return record.map((value) => ({ ...value, ...Object.fromEntries(missing.map((name) => [name, 'x'])) }));
}

function typedArbitrary(type: JsonType, schema: JsonSchema, options: ArbitraryOptions, path: string[]): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema, options);
    case 'array':
      return arrayArbitrary(schema, options, path);
    case 'object':
      return objectArbitrary(schema, options, path);
  }
}

function arbitraryAt(raw: JsonSchema, options: ArbitraryOptions, path: string[]): fc.Arbitrary<unknown> {
  const override = overrideAt(options, path);
  if (override !== undefined) return override;
  const schema = mergeAllOf(raw);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches !== undefined) {
    const { oneOf: _o, anyOf: _a, ...common } = schema;
    return fc.oneof(...branches.map((branch) => arbitraryAt({ ...common, ...mergeAllOf(branch) }, options, path)));
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const types = schemaTypes(schema) ?? [impliedType(schema)].filter((t) => t !== undefined);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => typedArbitrary(type, schema, options, path)));
}

/** Values valid against a dereferenced JSON Schema, built from its keywords (see ArbitraryOptions for overrides). */
export function validArbitrary(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return arbitraryAt(schema, options, []);
}
