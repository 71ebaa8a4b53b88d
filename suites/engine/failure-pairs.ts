import type { CheckResult, FailureRef } from '../../results/run-result.js';

/**
 * The failures of a failed check, one per requirement it shows broken (CheckResult.violated; a free-text failure that
 * names none breaks every requirement the check cites, as the matrix reads it): how the known-failures baseline and
 * --compare-run key a failure. Any other status fails nothing (blocked and errored checks show no requirement broken).
 */
export function failurePairs(check: CheckResult): FailureRef[] {
  if (check.status !== 'failed') return [];
  const broken = check.violated !== undefined && check.violated.length > 0 ? check.violated : check.requirements;
  return [...new Set(broken)].map((requirement) => ({ check: check.id, requirement }));
}

/** The key of a failure in maps and sets. */
export function pairKey(pair: FailureRef): string {
  return `${pair.check}\u0000${pair.requirement}`;
}

/** Failures in file order: by check id, then requirement (plain code-point order, the same on every machine). */
export function comparePairs(a: FailureRef, b: FailureRef): number {
  return compareText(a.check, b.check) || compareText(a.requirement, b.requirement);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
