import type { Requirement } from '../../spec/requirements.js';
import type { CheckResult, CheckStatus, MatrixStatus, RequirementRow, ResultLevel, RunSummary } from './result.js';

// unproven ranks after passed: another check that did prove the requirement outweighs one that never reached it
const severity: Record<Exclude<MatrixStatus, 'not-covered'>, number> = { failed: 0, errored: 1, passed: 2, unproven: 3, skipped: 4 };

/** What one check says of one requirement it cites: a failure attributed elsewhere leaves this one unproven. */
function statusFor(check: CheckResult, requirement: string): Exclude<MatrixStatus, 'not-covered'> {
  if (check.status !== 'failed' || check.violated === undefined) return check.status;
  return check.violated.includes(requirement) ? 'failed' : 'unproven';
}

/** The requirements matrix: every requirement of the catalogue with the checks that cite it and their worst status. */
export function requirementsMatrix(requirements: readonly Requirement[], checks: readonly CheckResult[]): RequirementRow[] {
  return requirements.map((requirement) => {
    const citing = checks.filter((check) => check.requirements.includes(requirement.id) || (check.status === 'failed' && check.violated?.includes(requirement.id)));
    const worst = citing.map((check) => statusFor(check, requirement.id)).sort((a, b) => severity[a] - severity[b])[0];
    return {
      id: requirement.id,
      section: requirement.section,
      level: requirement.level,
      text: requirement.text,
      status: worst ?? 'not-covered',
      covered: citing.some((check) => check.status !== 'skipped'),
      checks: citing.map((check) => check.id),
    };
  });
}

/** Counts by status and level, and requirement coverage. */
export function summarize(checks: readonly CheckResult[], matrix: readonly RequirementRow[]): RunSummary {
  const zero = (): Record<CheckStatus, number> => ({ passed: 0, failed: 0, errored: 0, skipped: 0 });
  const byStatus = zero();
  const byLevel: Record<ResultLevel, Record<CheckStatus, number>> = { must: zero(), should: zero(), observe: zero() };
  for (const check of checks) {
    byStatus[check.status] += 1;
    byLevel[check.level][check.status] += 1;
  }
  const covered = matrix.filter((row) => row.covered).length;
  const percent = matrix.length === 0 ? 0 : Math.round((covered / matrix.length) * 1000) / 10;
  return { total: checks.length, byStatus, byLevel, requirements: { total: matrix.length, covered, percent } };
}

/** 1 when a failed or errored check is at or above the fail-on level (observe never fails), else 0. */
export function exitCodeFor(checks: readonly CheckResult[], failOn: 'must' | 'should'): 0 | 1 {
  const failing = (level: ResultLevel): boolean => level === 'must' || (failOn === 'should' && level === 'should');
  return checks.some((check) => (check.status === 'failed' || check.status === 'errored') && failing(check.level)) ? 1 : 0;
}
