import type { CheckResult, FailureRef, RequirementChange, RequirementRow, RunChanges, RunResult } from '../../results/run-result.js';
import { comparePairs, failurePairs, pairKey } from './failure-pairs.js';

/** What --compare-run reads of an earlier run's results.json. */
export interface PreviousRun extends Pick<RunResult, 'checks' | 'requirements' | 'startedAt' | 'seed'> {
  readonly target: { readonly name: string };
  readonly verdict: string;
}

/**
 * What changed since an earlier run (--compare-run): failures (each a check and a requirement it breaks) this run has
 * and that one did not; that one's failures whose check passed here (fixed) or that this run could not judge; and the
 * requirements this run proved that that one did not, and the reverse.
 */
export function runChanges(previous: PreviousRun, file: string, current: Pick<RunResult, 'checks' | 'requirements'>): RunChanges {
  const failures = (checks: readonly CheckResult[]): Map<string, FailureRef> => new Map(checks.flatMap(failurePairs).map((pair) => [pairKey(pair), pair]));
  const before = failures(previous.checks);
  const now = failures(current.checks);
  const status = new Map(current.checks.map((check) => [check.id, check.status]));
  const gone = [...before].filter(([key]) => !now.has(key)).map(([, pair]) => pair);
  const statusBefore = new Map(previous.requirements.map((row) => [row.id, row.status]));
  const changed = (row: RequirementRow): RequirementChange => ({ id: row.id, before: statusBefore.get(row.id) ?? 'not-covered', now: row.status });
  return {
    previous: { file, startedAt: previous.startedAt, target: previous.target.name, seed: previous.seed, verdict: previous.verdict },
    newFailures: [...now]
      .filter(([key]) => !before.has(key))
      .map(([, pair]) => pair)
      .sort(comparePairs),
    fixed: gone.filter((pair) => status.get(pair.check) === 'passed').sort(comparePairs),
    notJudged: gone.filter((pair) => status.get(pair.check) !== 'passed').sort(comparePairs),
    proven: current.requirements.filter((row) => row.status === 'passed' && statusBefore.get(row.id) !== 'passed').map(changed),
    lost: current.requirements.filter((row) => row.status !== 'passed' && statusBefore.get(row.id) === 'passed').map(changed),
  };
}
