/** What changed since an earlier run (`--compare-run <results.json>`): failures and requirements, this run against that one. */

/** A failure: a check and a requirement its failure breaks (CheckResult.violated). */
export interface FailureRef {
  readonly check: string;
  readonly requirement: string;
}

/** A requirement whose status changed: each a requirements-matrix status (MatrixStatus; not imported: run-result.ts imports this file). */
export interface RequirementChange {
  readonly id: string;
  readonly before: string;
  readonly now: string;
}

/** The differences between the earlier run and this one. */
export interface RunChanges {
  /** The earlier run's results.json as given, with what identifies that run. */
  readonly previous: { readonly file: string; readonly startedAt: string; readonly target: string; readonly seed: number; readonly verdict: string };
  /** Failures of this run the earlier one did not have. */
  readonly newFailures: readonly FailureRef[];
  /** Failures of the earlier run whose check passed in this one. */
  readonly fixed: readonly FailureRef[];
  /** Failures of the earlier run that this one could not judge (the check did not run, or did not get that far). */
  readonly notJudged: readonly FailureRef[];
  /** Requirements this run proved (passed) that the earlier one did not. */
  readonly proven: readonly RequirementChange[];
  /** Requirements the earlier run proved that this one did not (broken, or no longer reached). */
  readonly lost: readonly RequirementChange[];
}
