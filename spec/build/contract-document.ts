import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { assertNoProblems, contractProblems } from './contract-semantics.js';
import type { JsonObject } from './json-object.js';

/** The default location of the hand-written contract. */
export const openapiPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

/** The contract as written (`raw`, with its $refs) and validated + dereferenced (`dereferenced`). */
export interface ContractDocument {
  raw: JsonObject;
  dereferenced: JsonObject;
}

/** Parses, validates (swagger-parser's OpenAPI 3.1 schema + our semantic checks) and dereferences the contract. */
export async function loadContractDocument(path: string = openapiPath): Promise<ContractDocument> {
  const raw = (await SwaggerParser.parse(path)) as unknown as JsonObject;
  // validate() dereferences in place: give it a copy so `raw` keeps its $refs for the type generator.
  const copy = structuredClone(raw) as unknown as Parameters<typeof SwaggerParser.validate>[0];
  const dereferenced = (await SwaggerParser.validate(copy)) as unknown as JsonObject;
  assertNoProblems(contractProblems(dereferenced));
  return { raw, dereferenced };
}
