import { createRequire } from 'node:module';
import type { Ajv2020, Options } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';

/** The phone-number format of the contract (E.164: '+', a non-zero digit, up to 15 digits in all). */
export const e164Pattern = /^\+[1-9]\d{1,14}$/;

// ajv takes ~0.5 s to load: only gen:spec and a schema without a precompiled validator (spec/validation.ts) load it.
const require = createRequire(import.meta.url);

/**
 * An ajv 8 instance for the contract's schemas (JSON Schema 2020-12, as OpenAPI 3.1): strict mode, all errors,
 * formats `date-time`, `uuid`, `uri` and `e164`, the OpenAPI `discriminator`, and the contract's `x-*` annotations.
 * `code: { source: true }` keeps the generated code for ajv's standalone output (spec/build/standalone-validators.ts).
 */
export function createContractAjv(code: { source?: boolean } = {}): Ajv2020 {
  const { Ajv2020: AjvClass } = require('ajv/dist/2020.js') as { Ajv2020: new (options: Options) => Ajv2020 };
  const addFormats = require('ajv-formats') as FormatsPlugin;
  const ajv = new AjvClass({
    strict: true,
    allErrors: true,
    verbose: true,
    allowUnionTypes: true,
    discriminator: true,
    ...(code.source ? { code: { source: true, esm: true } } : {}),
  });
  addFormats(ajv, ['date-time', 'uuid', 'uri']);
  ajv.addFormat('e164', e164Pattern);
  // Declared so strict mode accepts the annotations and checks their values (see the head of spec/openapi.yaml).
  ajv.addKeyword({ keyword: 'x-spec-section', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-assumed', schemaType: 'boolean' });
  ajv.addKeyword({
    keyword: 'x-requirements',
    schemaType: 'object',
    metaSchema: { type: 'object', additionalProperties: { type: 'string', pattern: '^[A-Z0-9]+(-[A-Z0-9]+)+$' } },
  });
  return ajv;
}
