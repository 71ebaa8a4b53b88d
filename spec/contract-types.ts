/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it): an object or a boolean schema. */
export type JsonSchema = boolean | { [keyword: string]: unknown };

/** The HTTP methods the contract uses, upper-case as sent on the wire. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Requirement ids by keyword (`required`, `maxLength` ...) or, on an operation, by what its responses prove. */
export type RequirementMap = Record<string, string>;

/** One query, path or header parameter of an operation. Header names are lower-case, as Node presents them. */
export interface OperationParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
  requirements: RequirementMap;
}

/** Names (keys of `schemas`) of the object schemas of an operation's inputs. */
export interface OperationSchemaNames {
  query?: string;
  path?: string;
  headers?: string;
  body?: string;
}

/** A documented response of an operation, as stored in spec/generated/schemas.json. */
export interface GeneratedResponse {
  description: string;
  /** DESIGN §4 decides this status (or shape); check it at should/observe level, never must. */
  assumed: boolean;
  /** Key of `schemas` for the JSON body, or null when the response has no body. */
  schema: string | null;
  /** Key of `schemas` for the response headers (lower-case names), or null when none are documented. */
  headers: string | null;
}

/** An operation as stored in spec/generated/schemas.json. */
export interface GeneratedOperation {
  id: string;
  method: HttpMethod;
  path: string;
  section: string;
  successStatus: number;
  requirements: RequirementMap;
  /** The header that carries the API key, or null for an operation without security. */
  authHeader: string | null;
  parameters: OperationParameter[];
  requestBodyRequired: boolean;
  schemaNames: OperationSchemaNames;
  responses: Record<string, GeneratedResponse>;
}

/** The whole of spec/generated/schemas.json. */
export interface GeneratedContract {
  $comment: string;
  info: { title: string; version: string };
  operations: GeneratedOperation[];
  schemas: Record<string, JsonSchema>;
}
