import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeReports } from '../reports/write-reports.js';
import type { WriteReportsOptions, WrittenReports } from '../reports/write-reports.js';
import type { RunResult } from '../suites/engine/result.js';
import type { Redactor } from '../targets/redact.js';
import type { SessionTally } from './session-tally.js';

/** What a session leaves to report: its counters, its redactor, and how many exchanges it could not grade. */
export interface GradedSession {
  readonly tally: SessionTally;
  readonly redactor: Redactor;
  /** Exchanges never graded because the grading queue was full. */
  dropped(): number;
}

/** The traffic of a session by operation (or event) and status class: what the requirements matrix cannot show. */
export function trafficSummary(session: GradedSession): Record<string, unknown> {
  const { tally } = session;
  return {
    exchanges: tally.exchanges,
    outsideContract: tally.outside,
    droppedUngraded: session.dropped(),
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
  const written = await writeReports(result, { ...options, redact });
  const outDir = resolve(options.outDir ?? 'conformance-report');
  await mkdir(outDir, { recursive: true });
  const traffic = join(outDir, 'traffic.json');
  await writeFile(traffic, redact(`${JSON.stringify(trafficSummary(session), null, 2)}\n`), 'utf8');
  return { ...written, files: [...written.files, traffic] };
}
