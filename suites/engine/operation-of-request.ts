import { matchOperation } from '../../rules/index.js';
import { operations } from '../../spec/index.js';

/**
 * The contract operation id a request addresses (method + URL path), or undefined. A base URL with a path prefix
 * is allowed: matching starts at the path's first /v1 segment (spec §9: every operation starts with /v1).
 */
export function operationOfRequest(method: string, url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://base.invalid').pathname;
  } catch {
    return undefined;
  }
  return matchOperation(method, pathname)?.operation.id;
}

/** The contract method and path of an operation id (e.g. POST /v1/messages), or undefined for an unknown id. */
export function routeOfOperation(operationId: string): { method: string; path: string } | undefined {
  const operation = operations.find((o) => o.id === operationId);
  return operation ? { method: operation.method.toUpperCase(), path: operation.path } : undefined;
}
