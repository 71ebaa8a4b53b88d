// ajv set up independently of the generators: draft 2020-12, strict, all errors, formats + e164.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';

const ajv = new Ajv2020.default({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats.default(ajv);
ajv.addFormat('e164', /^\+[1-9]\d{1,14}$/);
ajv.addVocabulary(['x-requirements', 'x-requirement', 'x-spec-section', 'x-assumed', 'discriminator']);

/** Validates a value against a schema; returns ajv's errors (empty when valid). */
export function ajvErrors(schema: object, value: unknown): ErrorObject[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}
