// The build side of spec/: turns openapi.yaml into spec/generated/ (used by scripts/gen-spec.ts and the freshness test).
export { canonicalJson } from './canonical-json.js';
export { componentTypes, typesBanner } from './component-types.js';
export { buildContractJson, generatedComment } from './contract-json.js';
export { loadContractDocument, objectAt, openapiPath } from './contract-document.js';
export { assertNoProblems, contractProblems, schemaProblems } from './contract-semantics.js';
export type { ContractDocument, JsonObject } from './contract-document.js';
export { fromProjectRoot, generateContract, staleFiles } from './generate-contract.js';
export type { GeneratedFile } from './generate-contract.js';
