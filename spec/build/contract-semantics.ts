import { createContractAjv } from '../contract-ajv.js';
import { ContractError } from '../contract-error.js';
import type { GeneratedContract } from '../contract-types.js';
import { objectAt, type JsonObject } from './json-object.js';

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * The OpenAPI 3.x rules swagger-parser leaves unchecked (it validates 3.x against the schema only): unique
 * operationIds, x-spec-section and a 2xx on each operation, path template parameters declared exactly.
 */
export function contractProblems(document: JsonObject): string[] {
  const problems: string[] = [];
  const seenIds = new Set<string>();
  for (const [path, item] of Object.entries(objectAt(document, 'paths'))) {
    const pathParameters = ((item as JsonObject).parameters ?? []) as JsonObject[];
    for (const method of httpMethods.filter((key) => key in (item as JsonObject))) {
      const operation = objectAt(item, method);
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (typeof id !== 'string') problems.push(`${where} has no operationId`);
      else if (seenIds.has(id)) problems.push(`${where} repeats operationId '${id}'`);
      else seenIds.add(id);
      if (typeof operation['x-spec-section'] !== 'string') problems.push(`${where} has no x-spec-section`);
      if (!Object.keys(objectAt(operation, 'responses')).some((status) => status.startsWith('2'))) {
        problems.push(`${where} documents no 2xx response`);
      }
      const declared = [...pathParameters, ...((operation.parameters ?? []) as JsonObject[])]
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => String(parameter.name));
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => String(match[1]));
      if ([...declared].sort().join() !== [...templated].sort().join()) {
        problems.push(`${where} declares path parameters [${declared.join(', ')}] but its template has [${templated.join(', ')}]`);
      }
    }
  }
  return problems;
}

/** Every generated schema must compile under the loader's strict ajv (unknown keywords, bad `required` ...). */
export function schemaProblems(contract: GeneratedContract): string[] {
  const ajv = createContractAjv();
  return Object.entries(contract.schemas).flatMap(([name, schema]) => {
    try {
      ajv.compile(schema);
      return [];
    } catch (error) {
      return [`schema '${name}': ${(error as Error).message}`];
    }
  });
}

/** Throws a ContractError listing every problem, if any. */
export function assertNoProblems(problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new ContractError('INVALID_CONTRACT', `spec/openapi.yaml is invalid: ${problems.join('; ')}. Fix the document.`);
  }
}
