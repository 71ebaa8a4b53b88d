import type { BaselineItem, CheckResult, KnownFailure, KnownFailures, KnownFailuresOutcome, Level } from '../../results/run-result.js';
import { comparePairs, failurePairs, pairKey } from './failure-pairs.js';
import { shortReason } from './short-reason.js';

/**
 * What a run makes of its known-failures baseline (--baseline, DESIGN.md §3 "Adoptable while partly conforming"). A
 * failed check's failures (one per requirement it shows broken) are known when listed, new when not; a listed failure
 * whose check passed is fixed (a stale entry); one that failed again after its `until` day is expired. A blocked check
 * breaks no requirement of its own: the entry of its root cause covers it. An errored check showed nothing broken, so
 * no entry can list it. An entry the run could not judge (its check not in the run, skipped, blocked, errored, or
 * failing first on another requirement) is neither known nor stale. Only what is at or above --fail-on, or blocks a
 * check that is, decides the exit code, as without a baseline (exitCodeFor).
 */
export function judgeKnownFailures(checks: readonly CheckResult[], failOn: 'must' | 'should', baseline: KnownFailures): KnownFailuresOutcome {
  const failing = (level: Level): boolean => level === 'must' || (failOn === 'should' && level === 'should');
  const byId = new Map(checks.map((check) => [check.id, check]));
  const listed = new Map(baseline.entries.map((entry) => [pairKey(entry), entry]));
  const rootOf = (check: CheckResult): CheckResult | undefined => {
    const seen = new Set<string>();
    let at: CheckResult | undefined = check;
    while (at?.status === 'blocked' && !seen.has(at.id)) {
      seen.add(at.id);
      at = at.blockedBy === undefined ? undefined : byId.get(at.blockedBy);
    }
    return at?.status === 'blocked' ? undefined : at;
  };
  // a failure gates when its check is at or above --fail-on, or blocks a check that is
  const gating = new Set(checks.filter((check) => check.status !== 'blocked' && failing(check.level)).map((check) => check.id));
  const blockedGating = checks.filter((check) => check.status === 'blocked' && failing(check.level));
  for (const check of blockedGating) {
    const root = rootOf(check);
    if (root !== undefined) gating.add(root.id);
  }
  const known: BaselineItem[] = [];
  const fresh: BaselineItem[] = [];
  const expired: BaselineItem[] = [];
  const seen = new Set<string>();
  for (const check of checks) {
    for (const pair of failurePairs(check)) {
      const entry = listed.get(pairKey(pair));
      seen.add(pairKey(pair));
      const item = { ...pair, level: check.level, ...reasonOf(check), gates: gating.has(check.id), ...(entry?.until ? { until: entry.until } : {}) };
      if (entry === undefined) fresh.push(item);
      else if (entry.until !== undefined && entry.until < baseline.today) expired.push(item);
      else known.push(item);
    }
  }
  const fixed: BaselineItem[] = [];
  const notJudged: BaselineItem[] = [];
  for (const entry of baseline.entries) {
    if (seen.has(pairKey(entry))) continue;
    const check = byId.get(entry.check);
    if (check?.status === 'passed') fixed.push(listedItem(entry, { level: check.level, gates: failing(check.level) }));
    else notJudged.push(listedItem(entry, { ...(check ? { level: check.level } : {}), gates: false, note: notJudgedNote(check) }));
  }
  const excused = (check: CheckResult): boolean =>
    check.status === 'failed' && failurePairs(check).every((pair) => known.some((item) => pairKey(item) === pairKey(pair)));
  const blockedBehindKnown = checks.filter((check) => check.status === 'blocked' && excusedRoot(rootOf(check), excused)).map((check) => check.id);
  const unlistable = [
    ...checks.filter((check) => check.status === 'errored' && gating.has(check.id)).map((check) => check.id),
    ...blockedGating.filter((check) => !['failed', 'errored'].includes(rootOf(check)?.status ?? 'none')).map((check) => check.id),
  ];
  const decides = (items: readonly BaselineItem[]): boolean => items.some((item) => item.gates);
  return {
    file: baseline.file,
    today: baseline.today,
    known: known.sort(comparePairs),
    new: fresh.sort(comparePairs),
    fixed: fixed.sort(comparePairs),
    expired: expired.sort(comparePairs),
    notJudged: notJudged.sort(comparePairs),
    blockedBehindKnown,
    unlistable,
    passes: !decides(fresh) && !decides(fixed) && !decides(expired) && unlistable.length === 0,
  };
}

function excusedRoot(root: CheckResult | undefined, excused: (check: CheckResult) => boolean): boolean {
  return root !== undefined && excused(root);
}

function reasonOf(check: CheckResult): { reason?: string } {
  const reason = shortReason(check.reason);
  return reason === undefined ? {} : { reason };
}

function listedItem(entry: KnownFailure, run: { level?: Level; gates: boolean; note?: string }): BaselineItem {
  return {
    check: entry.check,
    requirement: entry.requirement,
    ...(run.level === undefined ? {} : { level: run.level }),
    ...(entry.reason === undefined ? {} : { reason: entry.reason }),
    ...(entry.until === undefined ? {} : { until: entry.until }),
    gates: run.gates,
    ...(run.note === undefined ? {} : { note: run.note }),
  };
}

/** Why the run says nothing of an entry whose check did not pass and did not fail its requirement. */
function notJudgedNote(check: CheckResult | undefined): string {
  if (check === undefined) return 'not in this run';
  if (check.status === 'failed')
    return `failed first on ${failurePairs(check)
      .map((pair) => pair.requirement)
      .join(', ')}`;
  if (check.status === 'blocked') return `blocked${check.blockedBy ? ` by ${check.blockedBy}` : ''}`;
  return check.status;
}
