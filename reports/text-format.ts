import type { CheckStatus, MatrixStatus, RunResult } from '../results/run-result.js';
import { idList, visible } from './safe-text.js';

/** The status columns of the count tables, in report order. */
export const countColumns: readonly CheckStatus[] = ['passed', 'failed', 'errored', 'blocked', 'noted', 'skipped'];

/** The counts table (level by status, then all) as text cells, header first. */
export function countRows(result: RunResult): string[][] {
  const rows = [['level', ...countColumns]];
  for (const level of ['must', 'should', 'observe'] as const) rows.push([level, ...countColumns.map((s) => String(result.summary.byLevel[level][s] ?? 0))]);
  rows.push(['all', ...countColumns.map((s) => String(result.summary.byStatus[s] ?? 0))]);
  return rows;
}

/** The coverage sentence, from the summary as the engine computed it (blocked checks cover nothing). */
export function coverageLine(result: RunResult): string {
  const { covered, total, percent, uncheckable = 0 } = result.summary.requirements;
  const apart = uncheckable === 0 ? '' : `; ${uncheckable} more not checkable by a black-box harness (the matrix says why)`;
  return `requirements covered: ${covered} of ${total - uncheckable} checkable (${percent}%), counting only requirements the run proved or broke${apart}`;
}

/**
 * What a passive session could not grade, or undefined when it graded every exchange (or is not a session): the
 * verdict holds for the graded exchanges only, so every report says it beside the verdict (issue 26).
 */
export function notGradedNote(result: RunResult): string | undefined {
  const traffic = result.traffic;
  if (traffic === undefined || traffic.notGraded === 0) return undefined;
  const reasons = Object.entries(traffic.notGradedBy)
    .sort(([, a], [, b]) => b - a)
    .map(([why, n]) => `${visible(why)}: ${n}`)
    .join(', ');
  return `NOT GRADED: ${traffic.notGraded} of ${traffic.exchanges} exchanges (${reasons}); the verdict covers the graded ones only`;
}

/** Why a run is inconclusive (RunVerdict 'inconclusive', exit 3): the harness's doing, not the target's. */
export const inconclusiveNote =
  'nothing failed, but the run was too slow to judge every check (SLOW_RUN errors, and what they block): run again on a quieter machine or with --concurrency 2 (docs/troubleshooting.md#slow-machine)';

/** One-line verdict (with what a passive session could not grade). */
export function verdictLine(result: RunResult): string {
  const { byStatus } = result.summary;
  const counts = countColumns.map((status) => `${byStatus[status] ?? 0} ${status}`).join(', ');
  const note = notGradedNote(result);
  if (result.verdict === 'not-run') return `NOT RUN: ${visible(result.setupError?.message ?? 'set-up problem')}`;
  const stop = result.interrupted;
  if (stop) return `PARTIAL (stopped by ${visible(stop.by)}): ${stop.finished} of ${result.summary.total} checks finished: ${counts}`;
  const verdict = result.verdict === 'conforms' ? 'CONFORMS' : result.verdict === 'inconclusive' ? 'INCONCLUSIVE' : 'DOES NOT CONFORM';
  const why = result.verdict === 'inconclusive' ? `; ${inconclusiveNote}` : '';
  return `${verdict} (fail-on ${result.failOn}): ${counts}${why}${note === undefined ? '' : `; ${note}`}`;
}

/**
 * What every report of a stopped run says first (RunResult.interrupted): that it is partial, which checks finished and
 * which were cut; undefined for a run that finished.
 */
export function partialNote(result: RunResult, maxIds = 10): string | undefined {
  const stop = result.interrupted;
  if (!stop) return undefined;
  const cut = stop.cut.length === 0 ? 'none was running' : `${stop.cut.length} cut while running (${idList(stop.cut, maxIds)})`;
  return `Partial results: the run was stopped by ${visible(stop.by)}. ${stop.finished} of ${result.summary.total} checks finished (their results stand); ${cut}; ${stop.notStarted} not started. Run it again to finish.`;
}

/** Status symbols for text reports: noted is never shown as a failure. */
export const statusMark: Readonly<Record<MatrixStatus | CheckStatus, string>> = {
  passed: 'PASS',
  failed: 'FAIL',
  errored: 'ERROR',
  blocked: 'BLOCKED',
  noted: 'NOTED',
  skipped: 'SKIP',
  unproven: 'UNPROVEN',
  'not-covered': '-',
  uncheckable: 'NOT CHECKABLE',
};

/** Seconds with three decimals. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
