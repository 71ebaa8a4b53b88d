import type { Operation } from '../spec/index.js';
import { verdict } from './finding.js';
import type { Finding } from './finding.js';

/** Default page sizes (spec §8: messages 20, deliveries 50). */
const defaultLimits: Readonly<Record<string, number>> = { listMessages: 20, listWebhookDeliveries: 50 };

/**
 * Findings on a list answer to a valid request: never more items than the limit, the default page size and the
 * pagination object's echo of page and limit (DESIGN.md §4). The filters (spec §4.1) are judged with the other
 * answers of the history (rules/history-rules/message-filters.ts).
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
  return findings;
}
