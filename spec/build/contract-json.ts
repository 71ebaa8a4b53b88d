import type {
  GeneratedContract,
  GeneratedOperation,
  GeneratedResponse,
  HttpMethod,
  JsonSchema,
  OperationParameter,
  RequirementMap,
} from '../contract-types.js';
import { objectAt, type JsonObject } from './json-object.js';

const methods: readonly HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

/** The banner of spec/generated/schemas.json. */
export const generatedComment = 'Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.';

/**
 * Flattens the dereferenced contract into spec/generated/schemas.json: every component schema by name, plus one
 * object schema per operation part (`<id>.query`, `<id>.path`, `<id>.headers`, `<id>.body`,
 * `<id>.response.<status>`, `<id>.response.<status>.headers`), and the operations that name them.
 */
export function buildContractJson(document: JsonObject): GeneratedContract {
  const schemas: Record<string, JsonSchema> = { ...(objectAt(objectAt(document, 'components'), 'schemas') as Record<string, JsonSchema>) };
  const operations: GeneratedOperation[] = [];
  for (const [path, pathItem] of Object.entries(objectAt(document, 'paths'))) {
    for (const method of methods) {
      const operation = objectAt(pathItem, method.toLowerCase());
      if (Object.keys(operation).length === 0) continue;
      operations.push(buildOperation(document, path, method, pathItem as JsonObject, operation, schemas));
    }
  }
  const info = objectAt(document, 'info');
  return {
    $comment: generatedComment,
    info: { title: String(info.title), version: String(info.version) },
    operations,
    schemas,
  };
}

function buildOperation(
  document: JsonObject,
  path: string,
  method: HttpMethod,
  pathItem: JsonObject,
  operation: JsonObject,
  schemas: Record<string, JsonSchema>,
): GeneratedOperation {
  const id = String(operation.operationId);
  const section = String(operation['x-spec-section']);
  const parameters = mergedParameters(pathItem, operation);
  const schemaNames: GeneratedOperation['schemaNames'] = {};
  for (const location of ['query', 'path', 'header'] as const) {
    const ofLocation = parameters.filter((parameter) => parameter.in === location);
    if (ofLocation.length === 0) continue;
    const key = location === 'header' ? 'headers' : location;
    schemaNames[key] = `${id}.${key}`;
    schemas[schemaNames[key]] = objectSchema(section, ofLocation);
  }
  const body = objectAt(objectAt(objectAt(operation, 'requestBody'), 'content'), 'application/json');
  if ('schema' in body) {
    schemaNames.body = `${id}.body`;
    schemas[schemaNames.body] = body.schema as JsonSchema;
  }
  const responses: Record<string, GeneratedResponse> = {};
  for (const [status, response] of Object.entries(objectAt(operation, 'responses'))) {
    responses[status] = buildResponse(`${id}.response.${status}`, response as JsonObject, schemas);
  }
  const successStatus = Math.min(
    ...Object.keys(responses)
      .map(Number)
      .filter((status) => status >= 200 && status < 300),
  );
  return {
    id,
    method,
    path,
    section,
    successStatus,
    requirements: (operation['x-requirements'] ?? {}) as RequirementMap,
    authHeader: authHeader(document, operation),
    parameters,
    requestBodyRequired: objectAt(operation, 'requestBody').required === true,
    schemaNames,
    responses,
  };
}

function mergedParameters(pathItem: JsonObject, operation: JsonObject): OperationParameter[] {
  const byKey = new Map<string, OperationParameter>();
  const declared = [...((pathItem.parameters ?? []) as JsonObject[]), ...((operation.parameters ?? []) as JsonObject[])];
  for (const parameter of declared) {
    const location = parameter.in as OperationParameter['in'];
    const name = location === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name);
    const schema = (parameter.schema ?? {}) as JsonSchema;
    const requirements = (typeof schema === 'object' ? (schema['x-requirements'] ?? {}) : {}) as RequirementMap;
    byKey.set(`${location}:${name}`, { name, in: location, required: parameter.required === true, schema, requirements });
  }
  return [...byKey.values()];
}

/** One object schema for a set of parameters (or headers): each a property, the required ones required. */
function objectSchema(section: unknown, parameters: readonly { name: string; required: boolean; schema: JsonSchema }[]): JsonSchema {
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return {
    type: 'object',
    ...(typeof section === 'string' ? { 'x-spec-section': section } : {}),
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    ...(required.length > 0 ? { required } : {}),
  };
}

function buildResponse(name: string, response: JsonObject, schemas: Record<string, JsonSchema>): GeneratedResponse {
  const json = objectAt(objectAt(response, 'content'), 'application/json');
  const schema = 'schema' in json ? name : null;
  if (schema !== null) schemas[schema] = json.schema as JsonSchema;
  const headerEntries = Object.entries(objectAt(response, 'headers')).map(([headerName, header]) => ({
    name: headerName.toLowerCase(),
    required: (header as JsonObject).required === true,
    schema: ((header as JsonObject).schema ?? {}) as JsonSchema,
  }));
  const headers = headerEntries.length > 0 ? `${name}.headers` : null;
  if (headers !== null) schemas[headers] = objectSchema(response['x-spec-section'], headerEntries);
  return { description: String(response.description ?? ''), assumed: response['x-assumed'] === true, schema, headers };
}

function authHeader(document: JsonObject, operation: JsonObject): string | null {
  const security = (operation.security ?? document.security ?? []) as JsonObject[];
  const schemes = objectAt(objectAt(document, 'components'), 'securitySchemes');
  for (const requirement of security) {
    for (const schemeName of Object.keys(requirement)) {
      const scheme = objectAt(schemes, schemeName);
      if (scheme.type === 'apiKey' && scheme.in === 'header') return String(scheme.name).toLowerCase();
    }
  }
  return null;
}
