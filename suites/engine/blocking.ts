import { isNotImplemented } from './operations-overview.js';
import type { CheckResult } from './result.js';

/** True when a baseline result counts as "did not pass" for what depends on it (a skipped one skips, never blocks). */
function notPassing(result: CheckResult): boolean {
  return result.status === 'failed' || result.status === 'errored' || result.status === 'blocked';
}

/**
 * The positive baseline of an operation that blocks what needs it: the first, in plan order, that failed, errored or
 * was itself blocked. Undefined when every baseline that ran passed (or none ran).
 */
export function blockingBaseline(operationId: string, ordered: Iterable<CheckResult | undefined>): CheckResult | undefined {
  for (const result of ordered) {
    if (result !== undefined && result.baselineFor === operationId && notPassing(result)) return result;
  }
  return undefined;
}

/** The reason of a check blocked by an operation's baseline (short: reports collapse blocked checks under their root). */
export function blockedReason(operationId: string, blocker: CheckResult): string {
  const how = /^not implemented:/.test(blocker.reason ?? '') ? 'is not implemented' : `did not pass its positive baseline (${blocker.status})`;
  return `blocked by ${blocker.id}: ${operationId} ${how}`;
}

/**
 * The end-of-run pass (pure: the concurrency order of the baselines does not matter). A failed, errored or noted
 * check whose failure happened in another operation X (CheckResult.failedOperation), where X's positive baseline did
 * not pass, is blocked by that baseline: it never got to test its own requirements (DESIGN.md §3 "no blame by
 * association"). A later baseline of an operation found not implemented is blocked by the first. When two baselines
 * would block each other, the earlier in plan order stays a root failure.
 */
export function applyBlocking(checks: readonly CheckResult[]): CheckResult[] {
  const blockedBy = new Map<string, string>();
  for (const check of checks) if (check.status === 'blocked' && check.blockedBy !== undefined) blockedBy.set(check.id, check.blockedBy);
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    for (let at: string | undefined = from; at !== undefined && !seen.has(at); at = blockedBy.get(at)) {
      if (at === to) return true;
      seen.add(at);
    }
    return false;
  };
  const decided = new Map<string, CheckResult>();
  // latest first: of two checks that would block each other, the earlier one is left unblocked
  for (const check of [...checks].reverse()) {
    if (!(check.status === 'failed' || check.status === 'errored' || check.status === 'noted')) continue;
    const operation = check.failedOperation;
    if (operation === undefined) continue;
    const blocker = blockingBaseline(operation, checks);
    if (blocker === undefined || blocker.id === check.id || reaches(blocker.id, check.id)) continue;
    // a baseline failing in its own operation is a root failure, unless an earlier one found the operation missing
    // (DESIGN.md §3: a missing operation is reported once)
    if (operation === check.baselineFor && !isNotImplemented(operation, blocker)) continue;
    blockedBy.set(check.id, blocker.id);
    decided.set(check.id, blockedResult(check, operation, blocker));
  }
  return checks.map((check) => decided.get(check.id) ?? check);
}

/** A result turned blocked: its own failure is kept in the reason (it happened in a fixture operation), violations dropped. */
function blockedResult(check: CheckResult, operationId: string, blocker: CheckResult): CheckResult {
  const { violated: _dropped, ...rest } = check;
  const was = check.reason ? `; it ${check.status} there: ${cut(check.reason, 300)}` : '';
  return { ...rest, status: 'blocked', blockedBy: blocker.id, reason: `${blockedReason(operationId, blocker)}${was}` };
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
