import { readFileSync } from 'node:fs';
import { ContractError } from './contract-error.js';
import type { GeneratedContract, GeneratedOperation, JsonSchema } from './contract-types.js';

/** A documented response of an operation, with its schemas resolved. */
export interface OperationResponse {
  status: number;
  description: string;
  /** DESIGN §4 decides this status (or shape): check it at should/observe level, never must. */
  assumed: boolean;
  /** The JSON body schema; absent when the response has no body (e.g. 204). */
  schema?: JsonSchema;
  /** Key of `schemas` for `schema`, for `validate(name, value)`. */
  schemaName?: string;
  /** Object schema of the documented response headers (lower-case names). */
  headersSchema?: JsonSchema;
  headersSchemaName?: string;
}

/** One operation of the contract (spec §4): the generated record with its schemas resolved. */
export interface Operation extends Omit<GeneratedOperation, 'responses'> {
  requestBodySchema?: JsonSchema;
  /** Responses by status code ('200', '404' ...). */
  responses: Record<string, OperationResponse>;
}

function loadGenerated(): GeneratedContract {
  const url = new URL('./generated/schemas.json', import.meta.url);
  try {
    return JSON.parse(readFileSync(url, 'utf8')) as GeneratedContract;
  } catch (error) {
    throw new ContractError(
      'GENERATED_MISSING',
      `Reading spec/generated/schemas.json failed (${(error as Error).message}); run \`npm run gen:spec\` to create it.`,
    );
  }
}

const generated = loadGenerated();

/** Every schema by name: the components (`Message`, `Webhook` ...) and the operation parts (`sendMessage.body` ...). */
export const schemas: Readonly<Record<string, JsonSchema>> = generated.schemas;

/** Title and version of the contract. */
export const contractInfo = generated.info;

function resolveOperation(operation: GeneratedOperation): Operation {
  const responses: Record<string, OperationResponse> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = {
      status: Number(status),
      description: response.description,
      assumed: response.assumed,
      ...(response.schema !== null ? { schema: schemas[response.schema], schemaName: response.schema } : {}),
      ...(response.headers !== null ? { headersSchema: schemas[response.headers], headersSchemaName: response.headers } : {}),
    };
  }
  const { schemaNames } = operation;
  return {
    id: operation.id,
    method: operation.method,
    path: operation.path,
    section: operation.section,
    successStatus: operation.successStatus,
    requirements: operation.requirements,
    authHeader: operation.authHeader,
    parameters: operation.parameters,
    ...(schemaNames.body !== undefined ? { requestBodySchema: schemas[schemaNames.body] } : {}),
    requestBodyRequired: operation.requestBodyRequired,
    schemaNames,
    responses,
  };
}

/** The operations of the contract, in document order. */
export const operations: readonly Operation[] = generated.operations.map(resolveOperation);

const byId = new Map(operations.map((operation) => [operation.id, operation]));

/** The operation with this operationId; throws a ContractError naming the known ids otherwise. */
export function operationById(id: string): Operation {
  const operation = byId.get(id);
  if (operation === undefined) {
    throw new ContractError('UNKNOWN_OPERATION', `Unknown operation '${id}'; use one of: ${[...byId.keys()].join(', ')}.`);
  }
  return operation;
}
