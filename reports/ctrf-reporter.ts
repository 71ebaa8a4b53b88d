import type { CheckResult, RunResult } from '../results/run-result.js';
import { baselineMarks, baselineMarkText } from './known-failures-view.js';
import type { BaselineMark } from './known-failures-view.js';
import type { Reporter } from './reporter.js';
import { jsonText } from './json-text.js';
import { rerunLines, rerunView } from './rerun-view.js';
import { partialNote } from './text-format.js';

/** The CTRF specification version the report follows (the schema of the `ctrf` reference package, CURRENT_SPEC_VERSION). */
export const ctrfSpecVersion = '0.0.0';

type CtrfStatus = 'passed' | 'failed' | 'skipped' | 'pending' | 'other';

/**
 * A check's outcome in CTRF's five: errored counts as failed (the run does not conform either way); blocked is skipped
 * (it could not run: the reason names what it waited on); noted is passed (an observe-level deviation, recorded with
 * a message, never failing). rawStatus keeps the harness's own outcome.
 */
function ctrfStatus(status: string): CtrfStatus {
  switch (status) {
    case 'passed':
    case 'noted':
      return 'passed';
    case 'failed':
    case 'errored':
      return 'failed';
    case 'skipped':
    case 'blocked':
      return 'skipped';
    default:
      return 'other';
  }
}

function messageOf(check: CheckResult): string | undefined {
  const blockedBy = (check as { blockedBy?: string }).blockedBy;
  // compared as text: 'blocked' and 'noted' are outcomes of the engine's newer result types
  const status: string = check.status;
  if (status === 'blocked') return `blocked${blockedBy ? ` by ${blockedBy}` : ''}: ${check.reason ?? ''}`;
  if (status === 'noted') return `noted: ${check.reason ?? ''}`;
  return check.reason;
}

function testOf(check: CheckResult, run: RunResult, mark: BaselineMark | undefined) {
  const note = baselineMarkText(mark, run);
  const message = [note, mark === 'fixed' ? undefined : messageOf(check)].filter(Boolean).join(': ');
  const seed = check.seed ?? run.seed;
  // the lines that run a failure again, as every report prints them (rerun-view.ts)
  const trace = check.status === 'failed' || check.status === 'errored' ? rerunLines(rerunView(check, run, 20_000)).join('\n') : '';
  return {
    name: `${check.id}: ${check.title}`,
    testId: check.id,
    // with a baseline: a known failure is skipped (expected), a listed check that passes now fails (a stale entry)
    status: mark === 'known' ? 'skipped' : mark === 'fixed' ? 'failed' : ctrfStatus(check.status),
    rawStatus: check.status,
    duration: Math.max(0, Math.round(check.durationMs)),
    suite: check.suite.split('/'),
    ...(message ? { message } : {}),
    ...(trace === '' ? {} : { trace }),
    tags: [...check.requirements],
    type: 'conformance',
    extra: {
      level: check.level,
      requirements: check.requirements,
      seed,
      exchanges: check.exchanges,
      ...(mark ? { baseline: mark } : {}),
      ...(check.violated ? { violated: check.violated } : {}),
      ...(check.path ? { path: check.path } : {}),
      ...(check.counterexample === undefined ? {} : { counterexample: check.counterexample }),
    },
  };
}

/** The run's results in CTRF JSON (https://ctrf.io), the common test report CI dashboards read. */
export const ctrfReporter: Reporter = {
  name: 'ctrf',
  file: 'ctrf.json',
  render(result: RunResult): string {
    const marks = baselineMarks(result);
    const tests = result.checks.map((check) => testOf(check, result, marks.get(check.id)));
    const count = (status: CtrfStatus): number => tests.filter((test) => test.status === status).length;
    const start = Date.parse(result.startedAt);
    const duration = Math.max(0, Math.round(result.durationMs));
    const report = {
      reportFormat: 'CTRF',
      specVersion: ctrfSpecVersion,
      timestamp: new Date(start + duration).toISOString(),
      generatedBy: 'sms-conformance',
      results: {
        tool: { name: 'sms-conformance' },
        summary: {
          tests: tests.length,
          passed: count('passed'),
          failed: count('failed'),
          skipped: count('skipped'),
          pending: count('pending'),
          other: count('other'),
          start,
          stop: start + duration,
          duration,
        },
        tests,
        environment: {
          reportName: `conformance of ${result.target.name}`,
          appName: result.target.name,
          extra: { profile: result.target.profile, baseUrl: result.target.baseUrl, seed: result.seed, runs: result.runs, failOn: result.failOn },
        },
        extra: {
          verdict: result.verdict,
          exitCode: result.exitCode,
          requirements: result.summary.requirements,
          requestsSent: result.requestsSent,
          ...(result.traffic === undefined ? {} : { traffic: result.traffic }),
          ...(result.knownFailures === undefined ? {} : { knownFailures: result.knownFailures }),
          ...(result.changes === undefined ? {} : { changes: result.changes }),
          ...(result.interrupted ? { partial: partialNote(result, 1000), interrupted: result.interrupted } : {}),
        },
      },
    };
    return jsonText(report);
  },
};
