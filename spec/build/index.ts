// The build side of spec/: turns openapi.yaml into spec/generated/ (used by scripts/gen-spec.ts and the freshness test).
export { canonicalJson } from './canonical-json.js';
export { componentTypes, typesBanner } from './component-types.js';
export { buildContractJson, generatedComment } from './contract-json.js';
export { loadContractDocument, openapiPath } from './contract-document.js';
export { objectAt } from './json-object.js';
export { assertNoProblems, contractProblems, schemaProblems } from './contract-semantics.js';
export type { ContractDocument } from './contract-document.js';
export type { JsonObject } from './json-object.js';
export { standaloneValidators, validatorsBanner, validatorsDeclaration } from './standalone-validators.js';
export { fromProjectRoot, generateContract, staleFiles } from './generate-contract.js';
export type { GeneratedFile } from './generate-contract.js';
