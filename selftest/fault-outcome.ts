import type { CheckResult, RunExitCode, RunResult } from '../suites/engine/index.js';
import type { ReferenceFault } from '../targets/index.js';

/** What one fault did to a run: caught when the run failed on a check citing the fault's requirement. */
export interface FaultOutcome {
  readonly fault: ReferenceFault;
  readonly caught: boolean;
  /** Failed checks that cite the fault's requirement, or whose failure names it. */
  readonly caughtBy: readonly string[];
  /**
   * Whether a catching failure named the fault's requirement itself (exact), named only others (elsewhere: the fault
   * broke more than its catalogue entry says), or named none (unattributed: e.g. a status or free-text assertion).
   */
  readonly attribution?: 'exact' | 'elsewhere' | 'unattributed';
  /** Other checks that failed or errored (collateral: fine, but shown). */
  readonly otherFailures: readonly string[];
  readonly exitCode: RunExitCode;
  readonly durationMs: number;
  /** Why it was not caught, in a line (empty when caught). */
  readonly reason: string;
}

/** Judges a run with a fault switched on (issue 6: fail, on a check that cites the requirement the fault names). */
export function judgeFault(fault: ReferenceFault, run: RunResult): FaultOutcome {
  const bad = (c: CheckResult) => c.status === 'failed' || c.status === 'errored';
  const catching = run.checks.filter((c) => c.status === 'failed' && (c.requirements.includes(fault.requirement) || c.violated?.includes(fault.requirement)));
  const caughtBy = catching.map((c) => c.id);
  const otherFailures = run.checks.filter((c) => bad(c) && !caughtBy.includes(c.id)).map((c) => `${c.id} (${c.status})`);
  const caught = run.exitCode === 1 && caughtBy.length > 0;
  let reason = '';
  if (!caught) {
    if (run.interrupted) reason = `the run was stopped (${run.interrupted.by}) before it finished`;
    else if (run.exitCode === 2) reason = `the run could not be carried out: ${run.setupError?.message ?? 'set-up error'}`;
    else if (run.exitCode === 0) reason = `the run passed: no check citing ${fault.requirement} failed (${citing(run, fault)} ran)`;
    else reason = `the run failed, but not on a check citing ${fault.requirement} (${otherFailures.join(', ')})`;
  }
  return {
    fault,
    caught,
    caughtBy,
    ...(caught ? { attribution: attributionOf(fault, catching) } : {}),
    otherFailures,
    exitCode: run.exitCode,
    durationMs: run.durationMs,
    reason,
  };
}

function attributionOf(fault: ReferenceFault, catching: readonly CheckResult[]): NonNullable<FaultOutcome['attribution']> {
  if (catching.some((c) => c.violated?.includes(fault.requirement))) return 'exact';
  return catching.some((c) => c.violated === undefined) ? 'unattributed' : 'elsewhere';
}

function citing(run: RunResult, fault: ReferenceFault): string {
  const checks = run.checks.filter((c) => c.requirements.includes(fault.requirement));
  if (checks.length === 0) return 'no check cites it';
  return checks.map((c) => `${c.id}: ${c.status}`).join(', ');
}

/** A fault that could not even be run against a check (e.g. no check cites its requirement). */
export function missed(fault: ReferenceFault, reason: string): FaultOutcome {
  return { fault, caught: false, caughtBy: [], otherFailures: [], exitCode: 2, durationMs: 0, reason };
}
