// Wiring shared by `npm run proxy` and `npm run receiver -- --forward`: the session's end (Ctrl-C, SIGTERM,
// --duration, --max-exchanges), the live violation lines and the reports (issue 18).
import { basename, resolve } from 'node:path';
import { connectProbe, sessionResult, violationLine, writeSessionReports } from '../../proxy/index.js';
import type { GradedSession, SessionHooks, SessionKind, Violation } from '../../proxy/index.js';
import { defaultReporterNames, reporterNames } from '../../reports/reporters.js';
import { notGradedNote } from '../../reports/text-format.js';
import type { RunResult, SessionTraffic } from '../../results/run-result.js';
import { HarnessError } from '../../targets/harness-error.js';
import { Redactor } from '../../targets/redact.js';
import { stopOnSignal } from '../../targets/stop-on-signal.js';
import type { ResolvedValues } from '../options/option-values.js';
import { sessionReportFolder } from './session-options.js';
import type { sessionOptions } from './session-options.js';

/** The session options, checked. */
export interface SessionSettings {
  readonly durationMs?: number;
  readonly maxExchanges?: number;
  readonly outDir: string;
  readonly reporters: readonly string[];
  readonly failOn: 'must' | 'should';
  readonly liveLines: number;
}

/** Reads the session options from a command's resolved values (cli/shared/session-options.ts: defaults applied). */
export function sessionSettings(values: ResolvedValues<typeof sessionOptions>, kind: SessionKind): SessionSettings {
  const reporters = values.reporter ?? defaultReporterNames;
  const unknown = reporters.filter((name) => !reporterNames.includes(name));
  if (unknown.length > 0) throw new HarnessError('USAGE', `unknown --reporter ${unknown.join(', ')}: use ${reporterNames.join(', ')}`);
  return {
    ...(values.duration === undefined ? {} : { durationMs: values.duration * 1000 }),
    ...(values.maxExchanges === undefined ? {} : { maxExchanges: values.maxExchanges }),
    outDir: values.out ?? sessionReportFolder(kind),
    reporters,
    failOn: values.failOn,
    liveLines: values.liveLines,
  };
}

/** A started session: its counters and how to stop it (exchanges in flight get graceMs, grading gradingMs). */
export type StartedSession = GradedSession & { stop(graceMs?: number, gradingMs?: number): Promise<void> };

/**
 * Runs a passive session until Ctrl-C, SIGTERM, --duration or --max-exchanges, printing a line per violation, then
 * writes the reports; resolves with the exit code (0 conforms, 1 violations at the fail-on level, 2 nothing graded).
 * Signals are handled as every long-running command handles them (targets/stop-on-signal.ts, issue 26 item 5): the
 * repeats one Ctrl-C brings under npm are ignored, the death of the npm process that started it ends the session as
 * a signal would, and the reports are written whole (reports/report-folder.ts) within the 15 s bound. A signal is
 * how a session ends: its verdict, not the signal, decides the exit code.
 */
export async function runPassiveSession(
  kind: SessionKind,
  baseUrl: string,
  settings: SessionSettings,
  start: (hooks: SessionHooks) => Promise<StartedSession & { url: string }>,
): Promise<number> {
  let end: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const redactor = new Redactor();
  const hooks: SessionHooks = {
    redactor,
    onViolation: violationPrinter(settings, redactor),
    onExchange: (count) => {
      if (settings.maxExchanges !== undefined && count >= settings.maxExchanges) end();
    },
  };
  const startedAt = Date.now();
  // installed before the session listens: a Ctrl-C right after "listening on" must find it
  const stop = stopOnSignal({ onStop: () => end() });
  let session: StartedSession & { url: string };
  try {
    session = await start(hooks);
  } catch (error) {
    stop.dispose();
    throw error;
  }
  const timer = settings.durationMs === undefined ? undefined : setTimeout(end, settings.durationMs);
  console.log(
    `${kind} listening on ${session.url}; ${settings.durationMs !== undefined || settings.maxExchanges !== undefined ? 'ends by itself or ' : ''}Ctrl-C ends the session and writes the reports to ${resolve(settings.outDir)}`,
  );
  const peer = kind === 'proxy' ? 'target' : 'endpoint';
  // said at once: a dead target otherwise shows only as 502s and, at the end, "nothing graded"
  const probed = connectProbe(baseUrl).then((why) => {
    if (why !== undefined) console.log(`${kind}: the ${peer} ${baseUrl} takes no connection (${why}): clients get 502 until it is up`);
  });
  await ended;
  clearTimeout(timer);
  await probed;
  // on a signal the whole stop fits the 15 s bound: 3 s for exchanges in flight, 5 s to grade what was handed over
  await (stop.received === undefined ? session.stop() : session.stop(3_000, 5_000));
  const code = await reportSession(kind, baseUrl, settings, session, startedAt);
  stop.dispose();
  return code;
}

/** Prints a violation line per violation, up to --live-lines (then counts them): what a session shows as it grades. */
export function violationPrinter(settings: SessionSettings, redactor: Redactor): (violation: Violation) => void {
  let printed = 0;
  return (violation) => {
    printed += 1;
    if (printed <= settings.liveLines) console.log(violationLine(violation, redactor));
    else if (printed === settings.liveLines + 1) console.log(`(more violations are counted, not printed: see the reports in ${settings.outDir})`);
  };
}

/** A graded session's end: its reports written (the folder named), the last line printed; resolves with the exit code. */
export async function reportSession(kind: SessionKind, baseUrl: string, settings: SessionSettings, session: GradedSession, startedAt: number): Promise<number> {
  const result = sessionResult(session, { kind, baseUrl, startedAt, endedAt: Date.now(), failOn: settings.failOn });
  const written = await writeSessionReports(result, session, { outDir: settings.outDir, reporters: settings.reporters });
  if (written.console !== undefined) process.stdout.write(written.console);
  console.log(
    `${finalLine(result, session.tally.operations.size, kind)}; reports in ${resolve(settings.outDir)}: ${written.files.map((file) => basename(file)).join(', ')}`,
  );
  return result.exitCode;
}

/** The session's last line: every exchange accounted for (graded, outside the contract, not graded and why) and the verdict. */
function finalLine(result: RunResult, operations: number, kind: SessionKind): string {
  const traffic = result.traffic as SessionTraffic;
  const verdict = result.verdict === 'conforms' ? 'conforms' : result.verdict === 'not-run' ? 'nothing graded' : 'does not conform';
  const note = notGradedNote(result);
  return `${traffic.exchanges} exchanges: ${traffic.graded} graded, ${traffic.outside} outside the contract, ${traffic.notGraded} not graded${note === undefined ? '' : ` (${note})`}; over ${operations} ${kind === 'proxy' ? 'operations' : 'event kinds'}: ${verdict}${note === undefined ? '' : ' on the graded exchanges only'}`;
}
