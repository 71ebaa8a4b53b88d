// Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** The compiled validator of each named schema (spec/generated/schemas.json). */
export declare const validators: Readonly<Record<string, ValidateFunction>>;
