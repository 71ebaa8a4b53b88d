import type { CheckResult, Level } from '../../results/run-result.js';
import { rootCauses } from './root-causes.js';

/** How a check errored by the run's slowness begins its reason (decision 35: SLOW_RUN, never a failure). */
export const slowRunReason = 'harness error SLOW_RUN';

/** True when the check errored because the run was too slow to judge it (a wait or its deadline passed its bound). */
export function erroredBySlowness(check: CheckResult): boolean {
  return check.status === 'errored' && (check.reason ?? '').startsWith(slowRunReason);
}

/**
 * The checks at the failing levels the run could not judge for its own slowness, when they are all that keeps it from
 * conforming: every failed, errored or blocked check of those levels is a SLOW_RUN error or blocked behind one (issue
 * 34: the verdict depends only on the target). Empty when anything else fails, or nothing does.
 */
export function onlySlownessFails(checks: readonly CheckResult[], failOn: 'must' | 'should'): CheckResult[] {
  const failing = (level: Level): boolean => level === 'must' || (failOn === 'should' && level === 'should');
  const counted = checks.filter((check) => (check.status === 'failed' || check.status === 'errored' || check.status === 'blocked') && failing(check.level));
  if (counted.length === 0) return [];
  const byId = new Map(checks.map((check) => [check.id, check]));
  const behindSlowness = new Set<string>();
  for (const root of rootCauses(checks)) {
    const check = byId.get(root.checkId);
    if (check !== undefined && erroredBySlowness(check)) for (const id of [root.checkId, ...root.blocks]) behindSlowness.add(id);
  }
  return counted.every((check) => check.status !== 'failed' && behindSlowness.has(check.id)) ? counted : [];
}
