import { operations } from '../../spec/index.js';

/** A contract operation as a matcher: its method and its path as a pattern ({name} is one segment). */
interface Route {
  readonly operationId: string;
  readonly method: string;
  readonly segments: readonly (string | null)[];
}

// literal segments before parameters, so POST /v1/messages/send-template is never read as a message id
const routes: readonly Route[] = operations
  .map((operation) => ({
    operationId: operation.id,
    method: operation.method.toUpperCase(),
    segments: operation.path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => (/^\{.+\}$/.test(s) ? null : s)),
  }))
  .sort((a, b) => literalCount(b) - literalCount(a));

function literalCount(route: Route): number {
  return route.segments.filter((s) => s !== null).length;
}

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
  const parts = pathname.split('/').filter((s) => s !== '');
  const v1 = parts.indexOf('v1');
  if (v1 < 0) return undefined;
  const tail = parts.slice(v1).map((segment) => safeDecode(segment));
  const upper = method.toUpperCase();
  return routes.find((route) => route.method === upper && matches(route.segments, tail))?.operationId;
}

/** The contract method and path of an operation id (e.g. POST /v1/messages), or undefined for an unknown id. */
export function routeOfOperation(operationId: string): { method: string; path: string } | undefined {
  const operation = operations.find((o) => o.id === operationId);
  return operation ? { method: operation.method.toUpperCase(), path: operation.path } : undefined;
}

function matches(pattern: readonly (string | null)[], segments: readonly string[]): boolean {
  return pattern.length === segments.length && pattern.every((literal, i) => literal === null || literal === segments[i]);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
