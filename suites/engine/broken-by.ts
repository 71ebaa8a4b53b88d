import type { BrokenBy, CheckResult } from '../../results/run-result.js';

// the method and URL of a reproduction: curl -sS -i -X GET 'http://host/v1/…?…'
const curlRequest = /-X (\S+) '([^']+)'/;

/**
 * The exchange a root failure shows a requirement broken by (issue 34: the matrix names the exchange, not only the
 * checks that cite it): "GET /v1/messages?status=pending → 400", the schema pointer of a wrong shape, else the
 * operation and status of its answer.
 */
export function brokenBy(check: CheckResult): BrokenBy {
  const [, method, url] = curlRequest.exec(check.reproduction ?? '') ?? [];
  const where = method !== undefined && url !== undefined ? `${method} ${pathOf(url)}` : (check.failedOperation ?? 'no exchange');
  const status = check.answer?.status === undefined ? '' : ` → ${check.answer.status}`;
  const pointer = check.answer?.pointer === undefined ? '' : ` at ${check.answer.pointer}`;
  return { check: check.id, exchange: `${where}${status}${pointer}` };
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
