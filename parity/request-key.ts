import { operations } from '../spec/index.js';
import type { Exchange } from '../targets/index.js';
import type { ParityRules } from './parity-rules.js';
import { describeShape, shapeOf } from './shape.js';

const templates = operations.map((op) => op.path.split('/'));

/** The request path from /v1 on (a target's base path dropped), without the query. */
export function requestPath(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split('?')[0] ?? url;
  }
  const at = path.indexOf('/v1/');
  return at >= 0 ? path.slice(at) : path;
}

/** The path with its ids as the spec's parameters (e.g. /v1/webhooks/{id}/test); ids are volatile, never compared. */
export function pathTemplate(path: string, rules: ParityRules): string {
  const segments = path.split('/');
  let best: { template: string[]; literals: number } | undefined;
  for (const template of templates) {
    if (template.length !== segments.length) continue;
    let literals = 0;
    const fits = template.every((part, i) => {
      if (part.startsWith('{')) return segments[i] !== '';
      literals += 1;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { template, literals };
  }
  if (best) return best.template.join('/');
  const ids = rules.idSegments.map((source) => new RegExp(source));
  return segments.map((segment) => (ids.some((id) => id.test(segment)) ? '{id}' : segment)).join('/');
}

/** What identifies a request across targets: method, path template, key role, query names and body shape. */
export function requestKey(exchange: Exchange, rules: ParityRules): string {
  const { request } = exchange;
  const path = pathTemplate(requestPath(request.url), rules);
  const query = queryNames(request.url);
  return `${request.method} ${path}${query.length > 0 ? `?${query.join('&')}` : ''} [key ${request.keyRole}] ${bodyShape(request.body, request.bodyBase64)}`;
}

function queryNames(url: string): string[] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  return [...new Set([...new URLSearchParams(url.slice(at + 1)).keys()])].sort();
}

function bodyShape(body: string | undefined, base64: boolean | undefined): string {
  if (body === undefined) return 'no body';
  if (base64) return 'bytes (not UTF-8)';
  try {
    return describeShape(shapeOf(JSON.parse(body)), 4);
  } catch {
    return body.length === 0 ? 'empty body' : 'text (not JSON)';
  }
}
