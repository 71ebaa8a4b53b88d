import type { Exchange } from '../../targets/index.js';
import { exchangeLabel } from '../checks/index.js';
import { blockedReason } from './blocking.js';
import { operationOfRequest } from './operation-of-request.js';
import type { CheckResult } from '../../results/run-result.js';

/** What a check that returned without evidence becomes: blocked by an operation that does not work, else skipped. */
export type Unproven = Pick<CheckResult, 'status' | 'reason' | 'blockedBy'>;

/**
 * DESIGN.md §3 "Evidence or nothing": a check that returned without observing what it cites (every answer it graded
 * was a refusal by an operation that refuses valid input too, or it graded nothing) is not passed. When one of its
 * requests went to an operation whose positive baseline did not pass, it is blocked by that baseline; else skipped.
 * Either way the reason says what it saw.
 */
export function withoutEvidence(exchanges: readonly Exchange[], blockingBaseline: (operationId: string) => CheckResult | undefined): Unproven {
  const saw = summary(exchanges);
  for (const exchange of exchanges) {
    const operation = operationOfRequest(exchange.request.method, exchange.request.url);
    const blocker = operation === undefined ? undefined : blockingBaseline(operation);
    if (operation !== undefined && blocker !== undefined) {
      return { status: 'blocked', blockedBy: blocker.id, reason: `${blockedReason(operation, blocker)}; it observed nothing it could grade (${saw})` };
    }
  }
  return { status: 'skipped', reason: `observed nothing that exercises its requirements, so it proves nothing (${saw})` };
}

/** "answers: GET /v1/user/me 404 ×3, GET /v1/messages 400": what the check's requests got, most frequent first. */
function summary(exchanges: readonly Exchange[]): string {
  if (exchanges.length === 0) return 'it sent no request';
  const counts = new Map<string, number>();
  for (const exchange of exchanges) counts.set(exchangeLabel(exchange), (counts.get(exchangeLabel(exchange)) ?? 0) + 1);
  const shown = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4);
  const more = counts.size > shown.length ? `, and ${counts.size - shown.length} more` : '';
  return `answers: ${shown.map(([label, n]) => (n > 1 ? `${label} ×${n}` : label)).join(', ')}${more}`;
}
