import type { IncomingHttpHeaders } from 'node:http';
import type { Tier } from '../types.js';
import type { Reply } from './reply.js';
import { ApiError } from '../errors.js';

/** Everything a handler gets about one authenticated request. */
export interface RequestContext {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  apiKey: string;
  tier: Tier;
  raw: Buffer;
}

/** A route handler. */
export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

interface Route {
  method: string;
  segments: string[];
  /** How many segments are literal (not `{name}`): fixed when the route is added, compared on every match. */
  literals: number;
  handler: Handler;
}

/** A matched route with its path parameters. */
export interface RouteMatch {
  handler: Handler;
  params: Record<string, string>;
}

/** A small method + path router; `{name}` segments are parameters, literal segments win over parameters. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    const segments = pattern.split('/').filter(Boolean);
    this.routes.push({ method, segments, literals: segments.filter((s) => !s.startsWith('{')).length, handler });
    return this;
  }

  /** Finds the route; unknown paths are 404, known paths with another method are 405 with Allow. */
  match(method: string, path: string): RouteMatch {
    const parts = path.split('/').filter(Boolean);
    const candidates: { route: Route; params: Record<string, string> }[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (params !== null) candidates.push({ route, params });
    }
    if (candidates.length === 0) throw new ApiError(404, 'not_found', `no route ${method} ${path}: see the API paths under /v1`);
    // a literal segment (send-template) beats a parameter ({message_id}) at the same position
    const best = Math.max(...candidates.map((c) => c.route.literals));
    const same = candidates.filter((c) => c.route.literals === best);
    const hit = same.find((c) => c.route.method === method);
    if (hit) return { handler: hit.route.handler, params: hit.params };
    const allow = [...new Set(same.map((c) => c.route.method))].join(', ');
    throw new ApiError(405, 'method_not_allowed', `method ${method} is not allowed on ${path}: use ${allow}`, { allow });
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  // the literal segments first: most routes fail there, before any parameter is decoded
  for (let i = 0; i < pattern.length; i++) if (!(pattern[i] as string).startsWith('{') && pattern[i] !== parts[i]) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const v = parts[i] as string;
    if (p.startsWith('{')) {
      try {
        params[p.slice(1, -1)] = decodeURIComponent(v);
      } catch {
        return null;
      }
    } else if (p !== v) return null;
  }
  return params;
}
