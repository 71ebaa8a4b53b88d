import type { Exchange } from '../targets/index.js';
import type { ParityRules } from './parity-rules.js';
import { shapeOf, withoutFields } from './shape.js';
import type { Shape } from './shape.js';

/** What parity compares of one response after normalization. */
export interface Answer {
  /** Status, media type, error code and the compared headers' formats, e.g. "429 application/json error=rate_limited retry-after:seconds". */
  readonly kind: string;
  readonly shape?: Shape;
  /** Pagination behaviour (DESIGN.md §4 pagination object), e.g. "page echoes the request". */
  readonly facts: readonly string[];
}

/** The normalized answer of one exchange (ids, timestamps, secrets: only their type and format count). */
export function answerOf(exchange: Exchange, rules: ParityRules): Answer {
  if (exchange.status === undefined) return { kind: `no answer (${exchange.error?.code ?? 'network error'})`, facts: [] };
  const media = (exchange.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() || 'no content-type';
  const json = exchange.json as Record<string, unknown> | undefined;
  const error = json && typeof json === 'object' && !Array.isArray(json) && typeof json.error === 'string' ? ` error=${json.error}` : '';
  const headers = rules.comparedHeaders
    .map((name) => [name, exchange.headers[name]] as const)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}:${headerFormat(value as string)}`)
    .join('');
  const bodyPart = exchange.bodyText.trim() === '' ? ' empty' : '';
  const kind = `${exchange.status} ${media}${error}${headers}${bodyPart}`;
  const shape =
    json !== undefined
      ? withoutFields(shapeOf(json), new Set(rules.ignoredFields))
      : exchange.bodyText.trim() !== ''
        ? { types: ['text'], objects: 0 }
        : undefined;
  return { kind, ...(shape ? { shape } : {}), facts: paginationFacts(exchange) };
}

function headerFormat(value: string): string {
  if (/^\d+$/.test(value.trim())) return 'seconds';
  if (!Number.isNaN(Date.parse(value))) return 'http-date';
  return 'other';
}

const listDefaults = { page: 1, limit: 20 }; // spec §4.1 GET /v1/messages defaults

/** Facts about the pagination object that do not depend on how many messages the target holds. */
function paginationFacts(exchange: Exchange): string[] {
  const body = exchange.json as { data?: unknown; pagination?: Record<string, unknown> } | undefined;
  const pagination = body && typeof body === 'object' ? body.pagination : undefined;
  if (!pagination || typeof pagination !== 'object') return [];
  const query = new URLSearchParams(exchange.request.url.split('?')[1] ?? '');
  const facts: string[] = [];
  for (const name of ['page', 'limit'] as const) {
    const asked = query.has(name) ? Number(query.get(name)) : listDefaults[name];
    const value = pagination[name];
    facts.push(
      `pagination.${name} ${value === asked ? 'echoes the request (or its default)' : typeof value === 'number' ? 'differs from the request' : 'is missing'}`,
    );
  }
  const { page, limit, total, has_more: hasMore } = pagination;
  if ([page, limit, total].every((n) => typeof n === 'number') && typeof hasMore === 'boolean') {
    const more = (page as number) * (limit as number) < (total as number);
    facts.push(`pagination.has_more ${hasMore === more ? 'agrees' : 'disagrees'} with page, limit and total`);
  }
  if (Array.isArray(body?.data) && typeof limit === 'number') facts.push(`data ${body.data.length <= limit ? 'fits' : 'exceeds'} the limit`);
  return facts;
}
