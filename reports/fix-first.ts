import type { CheckResult, NameDifference, OperationRow, RunResult } from '../results/run-result.js';
import { baselineMarks } from './known-failures-view.js';
import { cutLine } from './safe-text.js';

/** A root-cause failure with the failures of the same cause (still failed) and the checks blocked behind it. */
export interface RootFailure {
  readonly check: CheckResult;
  readonly same: readonly string[];
  readonly blocks: readonly string[];
}

/** A run in the order every report shows it: what to fix first, then the rest (issue 14). */
export interface FixFirst {
  /** Failures that block other checks or have others folded under them, most first. */
  readonly roots: readonly RootFailure[];
  /** The other failed and errored checks (not folded under a root), must first. */
  readonly others: readonly CheckResult[];
  readonly blocked: readonly CheckResult[];
  readonly noted: readonly CheckResult[];
}

const rank = { must: 0, should: 1, observe: 2 };
const baselineOrder: Readonly<Record<string, number>> = { new: 0, expired: 1, known: 3 };

/** Orders a run's failures: root causes by how many checks each blocks, then the others by level. */
export function fixFirst(result: RunResult): FixFirst {
  const byId = new Map(result.checks.map((check) => [check.id, check]));
  const roots: RootFailure[] = [];
  for (const cause of result.rootCauses) {
    const check = byId.get(cause.checkId);
    if (check && cause.blocks.length + cause.same.length > 0) roots.push({ check, same: cause.same, blocks: cause.blocks });
  }
  roots.sort((a, b) => b.blocks.length + b.same.length - (a.blocks.length + a.same.length));
  const rootIds = new Set(roots.map((root) => root.check.id));
  // rootCauses order first (the engine's), then any failure it did not list
  const causeOrder = new Map(result.rootCauses.map((cause, i) => [cause.checkId, i]));
  // with a known-failures baseline, what is new comes first and what is known last
  const marks = baselineMarks(result);
  const known = (check: CheckResult): number => baselineOrder[marks.get(check.id) ?? ''] ?? 2;
  const others = result.checks
    .filter((check) => (check.status === 'failed' || check.status === 'errored') && !rootIds.has(check.id) && check.foldedInto === undefined)
    .sort(
      (a, b) =>
        known(a) - known(b) ||
        rank[a.level] - rank[b.level] ||
        (causeOrder.get(a.id) ?? Infinity) - (causeOrder.get(b.id) ?? Infinity) ||
        a.id.localeCompare(b.id),
    );
  return {
    roots,
    others,
    blocked: result.checks.filter((check) => check.status === 'blocked'),
    noted: result.checks.filter((check) => check.status === 'noted'),
  };
}

/** The line under a root cause naming the failures folded under it: they had its cause, and stay failed. */
export function sameCauseText(same: readonly string[], list: (ids: readonly string[]) => string): string {
  return `${same.length} more failure(s) with this cause (still failed, not blamed on their own requirements): ${list(same)}`;
}

/** Words for an operation state. */
export const operationStateText: Readonly<Record<OperationRow['state'], string>> = {
  works: 'works',
  'not-implemented': 'not implemented',
  'refuses-valid-input': 'refuses valid input',
  'wrong-shape': 'wrong shape',
  errored: 'errored',
  blocked: 'blocked',
  'not-tried': 'not tried',
};

/** "answers `messages` where spec §2.2 names `data`; …": what a target names its own way (DESIGN.md §3). */
export function renamedText(renamed: readonly NameDifference[]): string {
  return renamed.map((d) => `answers \`${d.target}\` where ${d.source} names \`${d.spec}\``).join('; ');
}

/**
 * The line under the operations table when the target names fields its own way (RunResult.dialectHint): the
 * --dialect flags that run the checks blocked behind those names (DESIGN.md §3 "Dialects").
 */
export function dialectHintText(result: Pick<RunResult, 'dialectHint'>): string | undefined {
  const entries = result.dialectHint ?? [];
  if (entries.length === 0) return undefined;
  const flags = entries.map((entry) => `--dialect ${entry}`).join(' ');
  return `To run the checks behind the names above, rerun with ${cutLine(flags, 300)}: each name still fails once, where it is read`;
}

/** "first schema violation at /0/signing_secret: found a string of 71 characters": where a wrong shape is, and what is there. */
export function pointerText(answer: { readonly pointer?: string; readonly found?: string }): string {
  const at = `first schema violation at ${cutLine(answer.pointer || '/', 120)}`;
  return answer.found === undefined ? at : `${at}: found ${cutLine(answer.found, 80)}`;
}

/** The columns of the operations table. */
export const operationHeader: readonly string[] = ['operation', 'request', 'state', 'target answered'];

/** What the target answered to an operation's valid input: status, its message, the schema pointer (visible, cut); for one not tried, why. */
export function operationAnswer(row: OperationRow): string {
  // an operation not tried has no answer: its message is the harness's own reason (a convention to pass), not quoted
  if (row.state === 'not-tried') return row.message ? cutLine(row.message, 300) : '';
  const said: string[] = [];
  if (row.status !== undefined) said.push(`HTTP ${row.status}`);
  if (row.message) said.push(`"${cutLine(row.message, 160)}"`);
  if (row.renamed !== undefined && row.renamed.length > 0) said.push(cutLine(renamedText(row.renamed), 300));
  else if (row.pointer !== undefined) said.push(pointerText(row));
  return said.join(' · ');
}

/** One operations-table row as text cells; the last says what the target answered, or which check it waited on. */
export function operationCells(row: OperationRow): string[] {
  const said = [operationAnswer(row), row.blockedBy ? `blocked by ${row.blockedBy}` : ''].filter((part) => part !== '').join(' · ');
  return [row.operationId, `${row.method} ${row.path}`, operationStateText[row.state], said || '-'];
}
