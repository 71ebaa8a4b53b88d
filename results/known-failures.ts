/**
 * The known-failures baseline (`--baseline <file>`) as a run applies it, and what the run made of it. Not to be confused
 * with a check's positive baseline (CheckResult.baselineFor): this one is a ledger of failures a team accepts for now.
 */
import type { Level } from '../spec/level.js';

/** One entry of a known-failures file: a check and the requirement its failure breaks (CheckResult.violated). */
export interface KnownFailure {
  readonly check: string;
  readonly requirement: string;
  /** The failure's short reason when it was listed (for the reader of the file; never compared). */
  readonly reason?: string;
  /** YYYY-MM-DD: the last day (UTC) the entry excuses the failure; after it the failure fails the run again. */
  readonly until?: string;
}

/** A known-failures file as a run applies it. */
export interface KnownFailures {
  /** The file as given (--baseline). */
  readonly file: string;
  readonly entries: readonly KnownFailure[];
  /** The day (UTC, YYYY-MM-DD) the `until` dates are compared with. */
  readonly today: string;
}

/** A failure of the run or an entry of the file, with what the run said of it. */
export interface BaselineItem {
  readonly check: string;
  readonly requirement: string;
  /** The check's level, when it is in the run. */
  readonly level?: Level;
  /** The failure's reason in this run (new, known), else the entry's. */
  readonly reason?: string;
  readonly until?: string;
  /**
   * True when it decides the exit code: the check is at or above --fail-on, or it blocks one that is. Below, the item
   * is reported and never fails the run.
   */
  readonly gates: boolean;
  /** notJudged: why this run says nothing of the entry (the check did not run here, was blocked, errored, ...). */
  readonly note?: string;
}

/** What a run made of its known-failures baseline; the exit code follows `passes`. */
export interface KnownFailuresOutcome {
  readonly file: string;
  readonly today: string;
  /** Listed failures that failed again (before their until date). */
  readonly known: readonly BaselineItem[];
  /** Failures the file does not list: regressions (a listed check failing another requirement is one). */
  readonly new: readonly BaselineItem[];
  /** Listed failures whose check passed: stale entries ("update the baseline"). */
  readonly fixed: readonly BaselineItem[];
  /** Listed failures that failed again after their until date. */
  readonly expired: readonly BaselineItem[];
  /**
   * Entries the run could not judge: the check is not in it (not selected, another shard's), was skipped, blocked or
   * errored, or failed first on another requirement. Neither known nor stale.
   */
  readonly notJudged: readonly BaselineItem[];
  /** Checks blocked behind a known failure: its entry covers them (a blocked check breaks no requirement of its own). */
  readonly blockedBehindKnown: readonly string[];
  /**
   * Checks that fail the run and that no entry can list, at or above --fail-on: errored checks (no requirement was
   * shown broken: the run could not judge) and checks blocked behind them.
   */
  readonly unlistable: readonly string[];
  /** True when nothing new, fixed, expired or unlistable decides the exit code: the run exits 0. */
  readonly passes: boolean;
}
