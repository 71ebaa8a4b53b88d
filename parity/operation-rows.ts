import { operations } from '../spec/index.js';
import type { CheckResult, OperationRow, RunResult } from '../suites/engine/index.js';

/** An operation's state in one run, by id (absent: not in the overview). */
export function operationStates(run: RunResult): Map<string, OperationRow> {
  return new Map(run.operations.map((row) => [row.operationId, row]));
}

/** The check at the end of a blockedBy / foldedInto chain (bounded: a cycle stops where it closes). */
export function rootOf(check: CheckResult, byId: ReadonlyMap<string, CheckResult>): CheckResult {
  let current = check;
  const seen = new Set<string>();
  const after = (at: CheckResult): string | undefined => at.foldedInto ?? (at.status === 'blocked' ? at.blockedBy : undefined);
  while (after(current) !== undefined && !seen.has(current.id)) {
    seen.add(current.id);
    const next = byId.get(after(current) as string);
    if (next === undefined) break;
    current = next;
  }
  return current;
}

/**
 * The operation that caused a check's outcome on one side, when that operation does not work there (DESIGN.md §3
 * "Test whatever exists"): a check blocked behind an operation's baseline, that baseline itself, or a failure on that
 * operation's missing route or with the refusal its baseline got. Its rows then belong to that operation's one row.
 */
export function causeOperation(
  check: CheckResult | undefined,
  byId: ReadonlyMap<string, CheckResult>,
  states: ReadonlyMap<string, OperationRow>,
): string | undefined {
  if (check === undefined) return undefined;
  const broken = (id: string | undefined): string | undefined => (id !== undefined && states.has(id) && states.get(id)?.state !== 'works' ? id : undefined);
  // blocked behind it, or a failure folded under its cause
  if (check.status === 'blocked' || check.foldedInto !== undefined) {
    const root = rootOf(check, byId);
    return broken(root.baselineFor ?? root.failedOperation);
  }
  if (check.status !== 'failed' && check.status !== 'errored') return undefined;
  const own = check.baselineFor === undefined ? undefined : states.get(check.baselineFor);
  if (own && own.state !== 'works' && own.checkId === check.id) return check.baselineFor;
  // a failure on an operation that is missing, or refuses valid input with the same status as its baseline saw
  const used = check.failedOperation === undefined ? undefined : states.get(check.failedOperation);
  const same = used?.state === 'not-implemented' || (used?.state === 'refuses-valid-input' && check.answer?.status === used.status);
  return same ? check.failedOperation : undefined;
}

const stateWords: Readonly<Record<OperationRow['state'], string>> = {
  works: 'works',
  'not-implemented': 'not implemented',
  'refuses-valid-input': 'refuses valid input',
  'wrong-shape': 'answers in the wrong shape',
  errored: 'errored',
  blocked: 'not tried',
  'not-tried': 'not tried',
};

/** What the target answered its operation's baseline: status, its own message, the schema pointer ('' when nothing). */
export function operationAnswer(row: OperationRow | undefined): string {
  if (row === undefined) return '';
  return [row.status === undefined ? '' : `${row.status}`, row.message ? `"${row.message}"` : '', row.pointer ? `at ${row.pointer}` : '']
    .filter(Boolean)
    .join(' ');
}

/** The state of an operation in words ("not implemented", "not tried: blocked by X"). */
export function operationStateText(row: OperationRow | undefined): string {
  if (row === undefined) return 'not in the run';
  return row.state === 'blocked' ? `not tried: blocked by ${row.blockedBy ?? 'another check'}` : stateWords[row.state];
}

/** What an operation row says of one side: works, or how it fails with the target's status and own message. */
export function describeOperation(row: OperationRow | undefined): string {
  const answer = operationAnswer(row);
  return `${operationStateText(row)}${answer ? `: ${answer}` : ''}${row?.checkId && row.state !== 'works' ? ` (${row.checkId})` : ''}`;
}

/** The contract's method, path and spec section of an operation. */
export function operationFacts(id: string): { method: string; path: string; section: string } {
  const operation = operations.find((o) => o.id === id);
  return operation ? { method: operation.method.toUpperCase(), path: operation.path, section: operation.section } : { method: '?', path: '?', section: '4' };
}
