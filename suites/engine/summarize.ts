import type { Requirement } from '../../spec/requirements.js';
import { brokenBy } from './broken-by.js';
import type { CheckResult, CheckStatus, MatrixStatus, RequirementRow, Level, RunSummary } from '../../results/run-result.js';

type CitedStatus = Exclude<MatrixStatus, 'not-covered' | 'uncheckable'>;

// unproven ranks after passed: another check that did prove the requirement outweighs one that never reached it
const severity: Record<CitedStatus, number> = { failed: 0, errored: 1, noted: 2, passed: 3, unproven: 4, skipped: 5 };

/** Statuses that prove or break a requirement: only these cover it (blocked, skipped and errored checks do not). */
const covering: ReadonlySet<CitedStatus> = new Set(['passed', 'failed', 'noted']);

/**
 * What one check says of one requirement it cites: a blocked check leaves it unproven (it never got to test it,
 * DESIGN.md §3), and so do a failure attributed to another requirement and a failure folded under another's cause.
 */
function statusFor(check: CheckResult, requirement: string): CitedStatus {
  // a failure folded under another has that one's cause: it shows none of its own requirements broken
  if (check.status === 'blocked' || check.foldedInto !== undefined) return 'unproven';
  if ((check.status !== 'failed' && check.status !== 'noted') || check.violated === undefined) return check.status;
  return check.violated.includes(requirement) ? check.status : 'unproven';
}

/** The requirements matrix: every requirement of the catalogue with the checks that cite it and their worst status. */
export function requirementsMatrix(requirements: readonly Requirement[], checks: readonly CheckResult[]): RequirementRow[] {
  return requirements.map((requirement) => {
    const citing = checks.filter(
      (check) =>
        check.requirements.includes(requirement.id) ||
        ((check.status === 'failed' || check.status === 'noted') && check.foldedInto === undefined && check.violated?.includes(requirement.id)),
    );
    const statuses = citing.map((check) => statusFor(check, requirement.id));
    const worst = [...statuses].sort((a, b) => severity[a] - severity[b])[0];
    const uncheckable = worst === undefined ? requirement.uncheckable : undefined;
    const breaking = citing.filter((check, at) => statuses[at] === 'failed').map(brokenBy);
    return {
      id: requirement.id,
      section: requirement.section,
      level: requirement.level,
      text: requirement.text,
      status: worst ?? (uncheckable === undefined ? 'not-covered' : 'uncheckable'),
      covered: statuses.some((status) => covering.has(status)),
      checks: citing.map((check) => check.id),
      ...(breaking.length === 0 ? {} : { brokenBy: breaking }),
      ...(uncheckable === undefined ? {} : { uncheckable }),
    };
  });
}

/**
 * Counts by status and level, and requirement coverage: only requirements proven or broken count as covered, of those
 * a black-box harness can check (the uncheckable ones are counted apart).
 */
export function summarize(checks: readonly CheckResult[], matrix: readonly RequirementRow[]): RunSummary {
  const zero = (): Record<CheckStatus, number> => ({ passed: 0, failed: 0, errored: 0, blocked: 0, noted: 0, skipped: 0 });
  const byStatus = zero();
  const byLevel: Record<Level, Record<CheckStatus, number>> = { must: zero(), should: zero(), observe: zero() };
  for (const check of checks) {
    byStatus[check.status] += 1;
    byLevel[check.level][check.status] += 1;
  }
  const covered = matrix.filter((row) => row.covered).length;
  const uncheckable = matrix.filter((row) => row.status === 'uncheckable').length;
  const checkable = matrix.length - uncheckable;
  const percent = checkable === 0 ? 0 : Math.round((covered / checkable) * 1000) / 10;
  return { total: checks.length, byStatus, byLevel, requirements: { total: matrix.length, covered, percent, uncheckable } };
}

/**
 * 1 when a root failure (failed or errored, not blocked) is at or above the fail-on level, or a check at or above it
 * is blocked (its root failure keeps it from proving anything); observe never fails (it is noted), else 0.
 */
export function exitCodeFor(checks: readonly CheckResult[], failOn: 'must' | 'should'): 0 | 1 {
  const failing = (level: Level): boolean => level === 'must' || (failOn === 'should' && level === 'should');
  return checks.some((check) => (check.status === 'failed' || check.status === 'errored' || check.status === 'blocked') && failing(check.level)) ? 1 : 0;
}
