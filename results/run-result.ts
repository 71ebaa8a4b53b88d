/**
 * The data a run produces. Reports read these types only (ARCHITECTURE.md: results/ is the layer reports may import), so
 * this file imports nothing but types: the level of spec/level.ts and the exchange and send ledger types of targets/.
 */
import type { Level } from '../spec/level.js';
import type { Exchange } from '../targets/exchange.js';
import type { SendSummary } from '../targets/send-ledger.js';
import type { KnownFailuresOutcome } from './known-failures.js';
import type { RunChanges } from './run-changes.js';

export type { Level } from '../spec/level.js';
export type { SendRecord, SendSummary } from '../targets/send-ledger.js';
export type { BaselineItem, KnownFailure, KnownFailures, KnownFailuresOutcome } from './known-failures.js';
export type { FailureRef, RequirementChange, RunChanges } from './run-changes.js';

/** What the run cleaned up on the target at the end (webhooks it created and did not delete itself). */
export interface CleanupReport {
  readonly webhooksDeleted: readonly string[];
  /** "<id>: <why>" for each webhook that could not be deleted: delete it by hand. */
  readonly webhooksLeft: readonly string[];
}

/**
 * Outcome of a check (DESIGN.md §3 "Results are data"). errored = the target misbehaved at the network level, or the
 * harness/check hit a bug; blocked = it could not run (or could not get past set-up) because an operation it needs
 * failed its positive baseline or is not implemented: CheckResult.blockedBy names the check it waited on, and the
 * check's own requirements stay unproven; noted = an observe-level check saw a deviation (recorded, never failing).
 */
export type CheckStatus = 'passed' | 'failed' | 'errored' | 'blocked' | 'noted' | 'skipped';

/** The statuses in report order (worst first). */
export const checkStatuses: readonly CheckStatus[] = ['failed', 'errored', 'blocked', 'noted', 'passed', 'skipped'];

/**
 * A requirements-matrix status: what the run showed of a requirement. blocked checks leave it unproven; uncheckable is
 * a requirement spec/requirements.yaml marks as beyond a black-box harness (with the reason), which no check cites.
 */
export type MatrixStatus = Exclude<CheckStatus, 'blocked'> | 'unproven' | 'not-covered' | 'uncheckable';

/** The result of one check. */
export interface CheckResult {
  readonly id: string;
  readonly title: string;
  readonly suite: string;
  readonly requirements: readonly string[];
  readonly level: Level;
  readonly status: CheckStatus;
  readonly reason?: string;
  /**
   * A failed check: the requirements its failure shows broken, when the failing assertion names them (a schema
   * keyword may name one the check does not cite). The matrix marks these failed and the check's other requirements
   * unproven: the check stopped before it reached them.
   */
  readonly violated?: readonly string[];
  /** A blocked check: the id of the check it waited on (the root cause is found by following blockedBy). */
  readonly blockedBy?: string;
  /**
   * A failed or errored check: the operation id of the exchange that showed the failure (the engine uses it to tell
   * a check's own failure from one of a fixture operation whose baseline failed: that makes the check blocked).
   */
  readonly failedOperation?: string;
  /**
   * A passed check: what its pass rests on (DESIGN.md §3 "Evidence or nothing"), the first few observations, e.g. "graded
   * status GET /v1/messages 200" or "refusal POST /v1/messages 400 (sendMessage accepts valid input)".
   */
  readonly evidence?: readonly string[];
  /** A positive baseline: the operation it is the baseline of (the operations overview and blocking read it). */
  readonly baselineFor?: string;
  /**
   * A positive baseline: true when its operation answered some of its valid requests with a 2xx, whatever the answer's
   * shape (DESIGN.md §3 "Blocking follows acceptance"): the operation's input-validation checks then run.
   */
  readonly accepted?: boolean;
  /**
   * A positive baseline whose own route answered 404/405 to valid input, while the run saw the operation answer a 2xx
   * elsewhere: the check whose call that was. The route exists, so the operation is not reported as not implemented
   * (the resource the request named was gone: a failure of its own, DESIGN.md §3 "Test whatever exists").
   */
  readonly servedElsewhere?: string;
  /**
   * A failed or errored check whose failure has the cause of an earlier root failure (the same refused request, or an
   * operation whose baseline did not pass): the root's id. It stays failed and is shown under that root (DESIGN.md §3
   * "no blame by association": a failure the harness observed is never turned into blocked).
   */
  readonly foldedInto?: string;
  /**
   * A failed history check: the checks whose own failure its contradictions explain (each the check that sent a
   * contradicting call, and the status that call got); the end-of-run pass folds those failures under this check.
   */
  readonly explains?: readonly { readonly check: string; readonly status?: number }[];
  /** A failed or errored check: what the target answered in the failing exchange (status, its own message, schema pointer). */
  readonly answer?: TargetAnswer;
  readonly durationMs: number;
  readonly seed?: number;
  /** fast-check replay path of the counterexample. */
  readonly path?: string;
  readonly counterexample?: unknown;
  /** A curl command that reproduces the failing exchange (keys as $CONFORM_API_KEY, secrets redacted). */
  readonly reproduction?: string;
  /** Requests the check sent. */
  readonly exchanges: number;
  /** The check whose requests this one judged instead of sending the same again (CheckContext.shared, decision 32). */
  readonly judgedAnswersOf?: string;
  readonly logs?: readonly string[];
  /** The check's redacted exchanges in the order they were sent (only with RunOptions.recordExchanges, e.g. for parity). */
  readonly trace?: CheckTrace;
}

/** What the target answered in a failing exchange, cut and sanitised (never keys or secrets). */
export interface TargetAnswer {
  /** Absent when the exchange got no HTTP answer. */
  readonly status?: number;
  /** The body's message or error field, else the start of the body (at most 200 characters). */
  readonly message?: string;
  /** The JSON pointer of the first schema violation, when the failure was a schema mismatch. */
  readonly pointer?: string;
  /** A 2xx answer in a wrong shape: the fields its violations point at (a check that reads none of them still runs). */
  readonly fields?: readonly string[];
  /** What the answer holds at the pointer, in a few words ("a string of 71 characters"; never a secret's value). */
  readonly found?: string;
  /** What the check expected of this answer's status, when that expectation failed (e.g. "2xx": a valid request refused). */
  readonly expected?: string;
  /** A 2xx answer whose shape differs from the spec by names only: each field it names its own way. */
  readonly renamed?: readonly NameDifference[];
}

/** A field a target names differently: where `source` ("spec §2.2", "DESIGN.md §4") names `spec`, the answer has `target`. */
export interface NameDifference {
  /** JSON pointer of the object holding it ('' is the root), list indexes as `*`. */
  readonly at: string;
  readonly spec: string;
  readonly target: string;
  readonly source: string;
}

/** What a check sent and got back, redacted (RunOptions.recordExchanges). */
export interface CheckTrace {
  /** Index (0-based, within the check) of exchanges[0]: the oldest are dropped beyond the client's record limit. */
  readonly firstIndex: number;
  readonly exchanges: readonly Exchange[];
}

/** One row of the requirements matrix. */
export interface RequirementRow {
  readonly id: string;
  readonly section: string;
  readonly level: Level;
  readonly text: string;
  /**
   * Worst status of the checks that cite it in this run; unproven when the only checks that ran failed on another
   * requirement first (CheckResult.violated); not-covered when none cites it.
   */
  readonly status: MatrixStatus;
  /** True when the run proved or broke it (status passed, failed or noted); blocked, skipped and errored checks do not cover. */
  readonly covered: boolean;
  readonly checks: readonly string[];
  /** Status failed: the root failures that break it, each with the exchange that shows it (issue 34). */
  readonly brokenBy?: readonly BrokenBy[];
  /** Status uncheckable: why a black-box harness cannot check it (spec/requirements.yaml). */
  readonly uncheckable?: string;
}

/** A failure that breaks a requirement: the check and its exchange ("GET /v1/messages?status=pending → 400"). */
export interface BrokenBy {
  readonly check: string;
  readonly exchange: string;
}

/** Counts of a run. */
export interface RunSummary {
  readonly total: number;
  readonly byStatus: Readonly<Record<CheckStatus, number>>;
  readonly byLevel: Readonly<Record<Level, Readonly<Record<CheckStatus, number>>>>;
  /** Coverage: covered of the checkable requirements (total less those marked not checkable), as a percent of them. */
  readonly requirements: { readonly total: number; readonly covered: number; readonly percent: number; readonly uncheckable?: number };
}

/** What the run found of one operation of the contract, from its positive baseline (DESIGN.md §3 "Test whatever exists"). */
export type OperationState = 'works' | 'not-implemented' | 'refuses-valid-input' | 'wrong-shape' | 'errored' | 'blocked' | 'not-tried';

/** One row of the operations overview: the first thing every report shows. */
export interface OperationRow {
  /** The contract's operation id, e.g. sendMessage. */
  readonly operationId: string;
  readonly method: string;
  /** The contract path, e.g. /v1/messages/{message_id}. */
  readonly path: string;
  readonly state: OperationState;
  /** The positive baseline check that decided the state (absent when not-tried). */
  readonly checkId?: string;
  /** The status the target answered to valid input, when it did not work. */
  readonly status?: number;
  /**
   * The target's own error message (its body's message/error field, else the start of its body), cut and sanitised;
   * not-tried: why the harness did not try it (the skip reason of its baseline).
   */
  readonly message?: string;
  /** wrong-shape: the JSON pointer of the first schema violation. */
  readonly pointer?: string;
  /** wrong-shape: what the answer holds at that pointer ("a string of 71 characters", "nothing"). */
  readonly found?: string;
  /** wrong-shape: the fields the answer names its own way ("answers `messages` where spec §2.2 names `data`"). */
  readonly renamed?: readonly NameDifference[];
  /** blocked: the check it waited on. */
  readonly blockedBy?: string;
}

/**
 * A failure that is not folded under another, with the failures that have its cause (still failed, shown under it) and
 * every check that is blocked behind it (directly or through others).
 */
export interface RootCause {
  readonly checkId: string;
  /** Ids of the failures folded under it (the same cause: CheckResult.foldedInto), in plan order. */
  readonly same: readonly string[];
  /** Ids of the checks it blocks, transitively, in plan order. */
  readonly blocks: readonly string[];
}

/** Why a run could not be carried out (exit 2). */
export interface SetupProblem {
  readonly code: string;
  readonly message: string;
}

/** A passive session's traffic (proxy, forwarder): every exchange it saw, and those it could not grade, by reason. */
export interface SessionTraffic {
  readonly exchanges: number;
  readonly graded: number;
  /** Exchanges whose method and path are no operation of the contract. */
  readonly outside: number;
  readonly notGraded: number;
  readonly notGradedBy: Readonly<Record<string, number>>;
}

/**
 * A run stopped before it finished (a signal, or the caller's abort): every report of it is partial and says so. The
 * checks that finished keep their results; the others are skipped with a reason that starts "cut:" (running when the
 * stop came) or "not run:" (not started).
 */
export interface RunInterruption {
  /** What stopped it: the signal's name (SIGINT, SIGTERM, SIGHUP: the npm process that started it is gone), or the caller's reason. */
  readonly by: string;
  /** How many checks finished before the stop. */
  readonly finished: number;
  /** The checks that were running when the stop came, in plan order. */
  readonly cut: readonly string[];
  /** How many checks had not started. */
  readonly notStarted: number;
}

/**
 * How to run a failing check of the run again from a shell (set by whoever knows how the run was started: the CLI);
 * every report prints it under each failure (reports/failure-view.ts).
 */
export interface RunReproduction {
  /**
   * The conform command with the run's target, profile, conventions, faults and routing: no key (conform reads them
   * from CONFORM_API_KEY …) and no selection. A failure adds `--check <id> --seed <seed> --runs <runs>`.
   */
  readonly command: string;
  /** The target ran on a port of the run's own (the embedded reference, a container): a failure's curl cannot reach it later. */
  readonly embedded?: boolean;
  /** The embedded reference: the command that starts the same reference alone, and its origin (a failure's curl goes there). */
  readonly standalone?: {
    readonly command: string;
    readonly origin: string;
    /** How the curl names each key for that reference (`$CONFORM_API_KEY` → `${CONFORM_API_KEY:-conform-growth}`). */
    readonly keyWords?: Readonly<Record<string, string>>;
  };
}

/** The verdicts of a run and their exit codes (README "The verdict and the reports"). */
export type RunVerdict = 'conforms' | 'does-not-conform' | 'inconclusive' | 'not-run' | 'interrupted';

/**
 * 0 conforms, 1 does not, 2 usage or set-up error, 3 inconclusive (nothing failed, but the run was too slow to judge
 * some checks), 128 + the signal's number when a signal stopped the run (129, 130, 143).
 */
export type RunExitCode = 0 | 1 | 2 | 3 | 129 | 130 | 143;

/** The whole run: what reports consume. Never contains keys or secrets. */
export interface RunResult {
  /** startupMs: time from target start to the first check, for targets the harness starts (containers). */
  readonly target: { readonly name: string; readonly profile: string; readonly baseUrl: string; readonly startupMs?: number };
  readonly seed: number;
  readonly runs: number;
  readonly failOn: 'must' | 'should';
  readonly startedAt: string;
  readonly durationMs: number;
  readonly checks: readonly CheckResult[];
  /** The operations overview, one row per contract operation, in contract order. */
  readonly operations: readonly OperationRow[];
  /**
   * The --dialect entries that would read in the spec's names the fields the overview found named otherwise
   * (DESIGN.md §3 "Dialects"): what to add to run the checks behind them; absent when there are none.
   */
  readonly dialectHint?: readonly string[];
  /** Failed and errored checks not folded under another, most blocking first (what to fix first). */
  readonly rootCauses: readonly RootCause[];
  readonly requirements: readonly RequirementRow[];
  readonly summary: RunSummary;
  /**
   * conforms (exit 0), does-not-conform (exit 1), inconclusive (exit 3: nothing failed, but SLOW_RUN errors or what
   * they block keep it from conforming), not-run (exit 2: set-up problem), interrupted (129, 130, 143: partial).
   */
  readonly verdict: RunVerdict;
  readonly exitCode: RunExitCode;
  /** --baseline: the known failures, new ones, fixed (stale) and expired entries; the exit code follows it. */
  readonly knownFailures?: KnownFailuresOutcome;
  /** --compare-run: what changed since that run (reported only; the exit code does not depend on it). */
  readonly changes?: RunChanges;
  readonly setupError?: SetupProblem;
  /** Set when the run was stopped before it finished: the results are partial. */
  readonly interrupted?: RunInterruption;
  /** How to run a failing check again (RunDescription.reproduce). */
  readonly reproduce?: RunReproduction;
  readonly requestsSent: number;
  /** A passive session's traffic; its verdict holds for the graded exchanges only, and every report says so. */
  readonly traffic?: SessionTraffic;
  /** The send policy, counts and the ledger of billable sends (message ids, recipients, tier). */
  readonly sends?: SendSummary;
  readonly cleanup?: CleanupReport;
}
