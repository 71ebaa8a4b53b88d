import { operations } from '../spec/index.js';
import type { Operation } from '../spec/index.js';

/** A request matched to a contract operation, with its path parameters decoded. */
export interface MatchedOperation {
  readonly operation: Operation;
  readonly pathParams: Readonly<Record<string, string>>;
}

interface Route {
  readonly operation: Operation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal segments: a literal route wins over a parameter (send-template before {message_id}). */
  readonly literals: number;
}

const routes: readonly Route[] = operations
  .map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split('/')
      .map((segment) => {
        const param = /^\{([^}]+)\}$/.exec(segment);
        if (param === null) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1] as string);
        return '([^/]+)';
      })
      .join('/');
    const literals = operation.path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length;
    return { operation, pattern: new RegExp(`^${source}/?$`), names, literals };
  })
  .sort((a, b) => b.literals - a.literals);

/**
 * The contract operation a method and path (without the query) address, or undefined outside the contract. A base
 * path before the version is allowed: matching starts at the path's first /v1 segment (spec §9: every operation
 * starts with /v1).
 */
export function matchOperation(method: string, pathname: string): MatchedOperation | undefined {
  const at = pathname.indexOf('/v1/');
  const tail = at < 0 ? pathname : pathname.slice(at);
  const upper = method.toUpperCase();
  for (const route of routes) {
    if (route.operation.method !== upper) continue;
    const match = route.pattern.exec(tail);
    if (match === null) continue;
    const pathParams: Record<string, string> = {};
    route.names.forEach((name, index) => {
      const text = match[index + 1] as string;
      try {
        pathParams[name] = decodeURIComponent(text);
      } catch {
        pathParams[name] = text;
      }
    });
    return { operation: route.operation, pathParams };
  }
  return undefined;
}
