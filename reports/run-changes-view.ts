import type { FailureRef, RequirementChange, RunChanges } from '../results/run-result.js';
import { visible } from './safe-text.js';

/** A list of what changed since the earlier run, in report order. */
export interface ChangeList {
  readonly kind: 'new' | 'fixed' | 'proven' | 'lost' | 'not-judged';
  readonly title: string;
  readonly lines: readonly string[];
}

/** "Since <file> (run of <time>, seed, verdict)": which run this one is compared with. */
export function changesHeading(changes: RunChanges): string {
  const { previous } = changes;
  return `Since ${visible(previous.file)} (${visible(previous.target)}, started ${visible(previous.startedAt)}, seed ${previous.seed}, ${visible(previous.verdict)})`;
}

/** One line of counts: "2 new failures, 1 fixed, 3 requirements newly proven, 1 lost". */
export function changesCounts(changes: RunChanges): string {
  return `${changes.newFailures.length} new failure(s), ${changes.fixed.length} fixed, ${changes.proven.length} requirement(s) newly proven, ${changes.lost.length} lost`;
}

/** The lists (empty ones too: a report says "none"), each line plain text. */
export function changeLists(changes: RunChanges): ChangeList[] {
  const pair = (ref: FailureRef): string => `${visible(ref.check)} on ${visible(ref.requirement)}`;
  const requirement = (change: RequirementChange): string => `${visible(change.id)}: ${visible(change.before)} → ${visible(change.now)}`;
  return [
    { kind: 'new', title: `New failures (${changes.newFailures.length})`, lines: changes.newFailures.map(pair) },
    { kind: 'fixed', title: `Fixed (${changes.fixed.length}): failed then, the check passes now`, lines: changes.fixed.map(pair) },
    { kind: 'lost', title: `Requirements lost (${changes.lost.length}): proven then, not now`, lines: changes.lost.map(requirement) },
    { kind: 'proven', title: `Requirements newly proven (${changes.proven.length})`, lines: changes.proven.map(requirement) },
    {
      kind: 'not-judged',
      title: `Not judged (${changes.notJudged.length}): failed then, and this run did not get to them`,
      lines: changes.notJudged.map(pair),
    },
  ];
}
