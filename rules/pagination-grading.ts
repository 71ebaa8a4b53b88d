import type { Operation } from '../spec/index.js';
import { fail, pass, verdict } from './finding.js';
import type { Finding } from './finding.js';

/** Default page sizes (spec §8: messages 20, deliveries 50). */
const defaultLimits: Readonly<Record<string, number>> = { listMessages: 20, listWebhookDeliveries: 50 };

/**
 * Findings on a list answer to a valid request: never more items than the limit, the default page size, the
 * pagination object's echo of page and limit (DESIGN.md §4), and the status and direction filters (spec §4.1).
 */
export function gradePagination(operation: Operation, query: Readonly<Record<string, unknown>>, json: unknown): Finding[] {
  const fallback = defaultLimits[operation.id];
  if (fallback === undefined) return [];
  const envelope = operation.id === 'listMessages';
  const items = envelope ? (json as { data?: unknown } | null)?.data : json;
  if (!Array.isArray(items)) return [];
  const area = envelope ? 'MSG-LIST' : 'DLV';
  const limit = typeof query.limit === 'number' ? query.limit : undefined;
  const pagination = envelope ? (json as { pagination?: Record<string, unknown> }).pagination : undefined;
  const findings: Finding[] = [];
  if (limit !== undefined) {
    findings.push(verdict(`${area}-LIMIT-HONOURED`, items.length <= limit, () => `limit=${limit} answered ${items.length} items`));
  } else {
    // "exactly the default when more exist": has_more (DESIGN.md §4) says when more exist; without it only the bound is checked
    const short = pagination?.has_more === true && items.length !== fallback;
    findings.push(
      verdict(
        `${area}-LIMIT-DEFAULT`,
        items.length <= fallback && !short,
        () => `without limit answered ${items.length} items${short ? ' while has_more is true' : ''}; the default is ${fallback}`,
      ),
    );
  }
  if (pagination !== undefined && typeof pagination === 'object' && pagination !== null) {
    const page = typeof query.page === 'number' ? query.page : 1;
    const effective = limit ?? fallback;
    findings.push(
      verdict(
        'PAGE-OBJECT-ECHO',
        pagination.page === page && pagination.limit === effective,
        () => `pagination says page ${String(pagination.page)}, limit ${String(pagination.limit)}; the request's are ${page} and ${effective}`,
      ),
    );
  }
  if (envelope) findings.push(...filterFindings(query, items));
  return findings;
}

/** spec §4.1 filters: every listed message has the status / direction asked for. */
function filterFindings(query: Readonly<Record<string, unknown>>, items: readonly unknown[]): Finding[] {
  const findings: Finding[] = [];
  for (const [field, requirement] of [
    ['status', 'MSG-LIST-FILTER-STATUS'],
    ['direction', 'MSG-LIST-FILTER-DIRECTION'],
  ] as const) {
    const wanted = query[field];
    if (typeof wanted !== 'string') continue;
    const other = items.find((item) => (item as Record<string, unknown> | null)?.[field] !== wanted);
    findings.push(
      other === undefined
        ? pass(requirement)
        : fail(
            requirement,
            `${field}=${wanted} listed a message with ${field} ${JSON.stringify((other as Record<string, unknown> | null)?.[field] ?? null).slice(0, 40)}`,
          ),
    );
  }
  return findings;
}
