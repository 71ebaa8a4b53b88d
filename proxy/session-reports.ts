import { writeReports } from '../reports/write-reports.js';
import type { WriteReportsOptions, WrittenReports } from '../reports/write-reports.js';
import type { RunResult, SessionTraffic } from '../results/run-result.js';
import type { Redactor } from '../targets/redact.js';
import type { TallySnapshot } from './session-tally.js';

/** What a session leaves to report: its counters, its redactor, and the exchanges it counted as not graded. */
export interface GradedSession {
  readonly tally: TallySnapshot;
  readonly redactor: Redactor;
  /** Exchanges counted as not graded before they reached the grader (grading fell behind, refused by the session ...), by reason. */
  readonly notGraded: ReadonlyMap<string, number>;
}

/** Every exchange of the session: graded, outside the contract, or not graded with the reason (issue 26: none unaccounted). */
export function sessionTraffic(session: Pick<GradedSession, 'tally' | 'notGraded'>): SessionTraffic {
  const { tally } = session;
  const notGradedBy: Record<string, number> = {};
  for (const counts of [tally.notGraded, session.notGraded]) for (const [why, n] of counts) notGradedBy[why] = (notGradedBy[why] ?? 0) + n;
  const seenNotGraded = [...tally.notGraded.values()].reduce((sum, n) => sum + n, 0);
  const notGraded = Object.values(notGradedBy).reduce((sum, n) => sum + n, 0);
  return {
    exchanges: tally.exchanges + notGraded - seenNotGraded,
    graded: tally.exchanges - tally.outside - seenNotGraded,
    outside: tally.outside,
    notGraded,
    notGradedBy,
  };
}

/** The traffic of a session by operation (or event) and status class: what the requirements matrix cannot show. */
export function trafficSummary(session: GradedSession): Record<string, unknown> {
  const { tally } = session;
  return {
    ...sessionTraffic(session),
    operations: Object.fromEntries([...tally.operations].map(([id, traffic]) => [id, { ...traffic, byClass: { ...traffic.byClass } }])),
  };
}

/**
 * Writes a session's reports like a run's (JUnit, JSON, Markdown, HTML, console text) plus traffic.json, every file
 * through the session's redactor (DESIGN.md §5: keys and secrets never appear).
 */
export async function writeSessionReports(
  result: RunResult,
  session: GradedSession,
  options: Omit<WriteReportsOptions, 'redact'> = {},
): Promise<WrittenReports> {
  const redact = (text: string): string => session.redactor.scrub(text);
  return writeReports(result, { ...options, redact, extraFiles: { 'traffic.json': `${JSON.stringify(trafficSummary(session), null, 2)}\n` } });
}
