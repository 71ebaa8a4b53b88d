import type { BaselineItem, KnownFailuresOutcome, RunResult } from '../results/run-result.js';
import { cutLine, idList, visible } from './safe-text.js';

/** What the baseline says of one check of the run: its failures new, known or expired, or its passing makes entries stale. */
export type BaselineMark = 'new' | 'known' | 'expired' | 'fixed';

/** A list of the baseline section, in report order (what fails the run first). */
export interface BaselineList {
  readonly kind: 'new' | 'fixed' | 'expired' | 'known' | 'not-judged';
  readonly title: string;
  readonly items: readonly BaselineItem[];
}

/** The lists of a run's baseline outcome, each with its heading; the empty ones too (a report says "none"). */
export function baselineLists(outcome: KnownFailuresOutcome): BaselineList[] {
  return [
    { kind: 'new', title: `New failures (${outcome.new.length}): not in the baseline`, items: outcome.new },
    { kind: 'fixed', title: `Fixed (${outcome.fixed.length}): listed, and the check passes now (stale: update the baseline)`, items: outcome.fixed },
    { kind: 'expired', title: `Expired (${outcome.expired.length}): listed, still failing, past their until: day`, items: outcome.expired },
    { kind: 'known', title: `Known failures (${outcome.known.length}): listed, failing as expected`, items: outcome.known },
    { kind: 'not-judged', title: `Not judged (${outcome.notJudged.length}): listed, and this run says nothing of them`, items: outcome.notJudged },
  ];
}

/** An item as one line: check, requirement, level, reason (or why it was not judged), until day; below --fail-on said. */
export function baselineItemText(item: BaselineItem, reasonChars = 200): string {
  const level = item.level === undefined ? '' : ` [${item.level}]`;
  const why = item.note ?? item.reason;
  const until = item.until === undefined ? '' : ` (until ${item.until})`;
  const below = item.gates || item.note !== undefined ? '' : ' (below --fail-on: reported only)';
  return `${visible(item.check)} on ${visible(item.requirement)}${level}${until}${why ? `: ${cutLine(why, reasonChars)}` : ''}${below}`;
}

/**
 * The gate's line beside the verdict: whether the run passes its baseline (the exit code) and why, e.g.
 * "BASELINE PASSES (known.yaml): 8 known failures, 0 new, 0 fixed, 0 expired"; undefined without --baseline.
 */
export function baselineLine(result: Pick<RunResult, 'knownFailures'>): string | undefined {
  const outcome = result.knownFailures;
  if (outcome === undefined) return undefined;
  const notJudged = outcome.notJudged.length > 0 ? `, ${outcome.notJudged.length} not judged` : '';
  const counts = `${outcome.known.length} known, ${outcome.new.length} new, ${outcome.fixed.length} fixed, ${outcome.expired.length} expired${notJudged}`;
  const behind = outcome.blockedBehindKnown.length > 0 ? `; ${outcome.blockedBehindKnown.length} checks blocked behind known failures` : '';
  const verdict = outcome.passes ? 'PASSES' : 'FAILS';
  const why = outcome.passes ? '' : `: ${failingWhy(outcome)}`;
  return `BASELINE ${verdict} (${visible(outcome.file)}): ${counts}${behind}${why}`;
}

/** What makes a run fail its baseline, most urgent first: new failures, stale entries, expired ones, errored checks. */
function failingWhy(outcome: KnownFailuresOutcome): string {
  const gating = (items: readonly BaselineItem[]): string[] => items.filter((item) => item.gates).map((item) => `${item.check} on ${item.requirement}`);
  const parts = [
    [gating(outcome.new), 'new failure(s)'],
    [gating(outcome.fixed), 'fixed, still listed (update the baseline: --baseline-update)'],
    [gating(outcome.expired), 'past their until: day'],
    [outcome.unlistable, 'errored (no entry can list them)'],
  ] as const;
  return parts
    .filter(([ids]) => ids.length > 0)
    .map(([ids, what]) => `${ids.length} ${what}: ${idList(ids, 3)}`)
    .join('; ');
}

/** Each check of the run the baseline says something of (known, new, expired, or fixed: it passes, listed). */
export function baselineMarks(result: Pick<RunResult, 'knownFailures'>): ReadonlyMap<string, BaselineMark> {
  const marks = new Map<string, BaselineMark>();
  const outcome = result.knownFailures;
  if (outcome === undefined) return marks;
  // weakest first: a check with one new failure and one known is new
  for (const [mark, items] of [
    ['fixed', outcome.fixed],
    ['known', outcome.known],
    ['expired', outcome.expired],
    ['new', outcome.new],
  ] as const) {
    for (const item of items) marks.set(item.check, mark);
  }
  return marks;
}

/** What the baseline says of a check, as the case reports (JUnit, CTRF) open its message; '' without a mark. */
export function baselineMarkText(mark: BaselineMark | undefined, result: Pick<RunResult, 'knownFailures'>): string {
  const file = visible(result.knownFailures?.file ?? '');
  switch (mark) {
    case 'known':
      return `known failure (baseline ${file})`;
    case 'new':
      return `new failure, not in the baseline ${file}`;
    case 'expired':
      return `known failure past its until: day (baseline ${file})`;
    case 'fixed':
      return `fixed: listed in the baseline ${file} and passes now: update the baseline (--baseline-update)`;
    default:
      return '';
  }
}
