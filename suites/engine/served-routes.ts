import type { CheckResult } from '../../results/run-result.js';
import { blockedReason } from './blocking.js';
import { isNotImplemented } from './operations-overview.js';

const notImplementedPrefix = 'not implemented: ';

/** The opening of the reason of a baseline whose route answered 404/405 although `where` (a check) got a 2xx from it. */
export function notMissingRoute(operationId: string, where: string): string {
  return `not a missing route (${operationId} answered valid input with a 2xx ${where}; what this request named was not found): `;
}

/**
 * The end of the run's word on "not implemented" (DESIGN.md §3 "Test whatever exists"): a positive baseline that ended
 * as not implemented (its route answered 404/405 to valid input) before any call of that operation got a 2xx, when a
 * later call of the run did get one. The route exists, so the 404 was about what the request named (a webhook gone, a
 * store that lost it): the baseline's reason says so, and the checks blocked by it no longer say "is not implemented".
 * Statuses never change. Pure over the results and the run's record of served operations.
 */
export function reviseServedRoutes(results: readonly CheckResult[], servedBy: (operationId: string) => string | undefined): CheckResult[] {
  const revised = new Map<string, { before: CheckResult; after: CheckResult }>();
  for (const result of results) {
    const operationId = result.baselineFor;
    if (operationId === undefined || !isNotImplemented(operationId, result) || !result.reason?.startsWith(notImplementedPrefix)) continue;
    const by = servedBy(operationId);
    if (by === undefined) continue;
    const reason = `${notMissingRoute(operationId, `in ${by}, later in the run`)}${result.reason.slice(notImplementedPrefix.length)}`;
    revised.set(result.id, { before: result, after: { ...result, reason, servedElsewhere: by } });
  }
  if (revised.size === 0) return [...results];
  return results.map((result) => {
    const own = revised.get(result.id);
    if (own !== undefined) return own.after;
    const blocker = result.blockedBy === undefined ? undefined : revised.get(result.blockedBy);
    const operationId = blocker?.before.baselineFor;
    if (blocker === undefined || operationId === undefined || result.reason === undefined) return result;
    const was = blockedReason(operationId, blocker.before);
    return result.reason.startsWith(was) ? { ...result, reason: `${blockedReason(operationId, blocker.after)}${result.reason.slice(was.length)}` } : result;
  });
}
