import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createContractAjv } from '../contract-ajv.js';
import type { GeneratedContract } from '../contract-types.js';

const require = createRequire(import.meta.url);

/** The banner of the generated module (it is JavaScript: ajv writes it, tsc and the linters leave it alone). */
export const validatorsBanner = '// Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.';

/**
 * spec/generated/validators.js: every named schema of the contract compiled once, at generation, by the same ajv
 * (createContractAjv) the loader would use, as ajv's standalone code (an ES module). Compiling the 109 schemas at every start cost about a tenth of a default run's CPU time.
 */
export function standaloneValidators(contract: GeneratedContract): string {
  const ajv = createContractAjv({ source: true });
  const names = Object.keys(contract.schemas).sort();
  // names with the same schema share one compiled function: ajv writes it once per schema, and twice when exported twice
  const first = new Map<string, string>();
  const shared = names.map((name) => {
    const text = JSON.stringify(contract.schemas[name]);
    if (!first.has(text)) first.set(text, name);
    return first.get(text) as string;
  });
  const unique = [...first.values()];
  for (const name of unique) ajv.addSchema(contract.schemas[name] as object, name);
  const standaloneCode = (require('ajv/dist/standalone/index.js') as { default: (ajv: Ajv2020, refs: Record<string, string>) => string }).default;
  // export names must be identifiers: v0, v1 ... in the order of the unique schemas, mapped back to every name below
  const code = standaloneCode(ajv, Object.fromEntries(unique.map((name, i) => [`v${i}`, name])));
  // ajv's run-time helpers (formats, ucs2length) are CommonJS: required as ajv wrote it, the same under Node and vitest
  const body = code.replace(/^"use strict";/, '');
  const table = names.map((name, i) => `  ${JSON.stringify(name)}: v${unique.indexOf(shared[i] as string)},`).join('\n');
  return [
    validatorsBanner,
    "import { createRequire } from 'node:module';",
    'const require = createRequire(import.meta.url);',
    body,
    `/** The compiled validator of each named schema (spec/generated/schemas.json). */`,
    `export const validators = {\n${table}\n};`,
    '',
  ].join('\n');
}

/** spec/generated/validators.d.ts: the type of the generated module. */
export const validatorsDeclaration = `${validatorsBanner}
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** The compiled validator of each named schema (spec/generated/schemas.json). */
export declare const validators: Readonly<Record<string, ValidateFunction>>;
`;
