import type { Delivery } from '../../receiver/index.js';
import type { Requirement } from '../../spec/requirements.js';
import type { Redactor, Target } from '../../targets/index.js';
import type { CheckRegistry, Selection } from '../checks/index.js';
import type { KnownFailures, RunReproduction } from '../../results/run-result.js';
import type { RunEvent } from './run-event.js';

/** How hard a run pushes: its seed, case scale, deadlines, budget and concurrency (a whole run, a shard, a parity side). */
export interface RunTuning {
  /** fast-check seed (default: random; printed so the run can be replayed). */
  readonly seed?: number;
  /** Property cases per operation (default 50; on production fitted to the time budget, at most 10). */
  readonly runs?: number;
  /** Minutes a run on a rate-limited target should take (default 8): without `runs`, the case scale is fitted to it. */
  readonly timeBudgetMinutes?: number;
  /** Deadline per check in ms (default 60 s). */
  readonly timeoutMs?: number;
  /** Per-request timeout in ms (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Checks run at once (default 4). */
  readonly concurrency?: number;
  /** Most requests the run may send (default 100,000; on production what the time budget allows). */
  readonly maxRequests?: number;
}

/** The fields of RunTuning (one list, so a parity side or a shard takes exactly a run's tuning). */
export const runTuningKeys = [
  'seed',
  'runs',
  'timeBudgetMinutes',
  'timeoutMs',
  'requestTimeoutMs',
  'concurrency',
  'maxRequests',
] as const satisfies readonly (keyof RunTuning)[];

/** The tuning part of a run description. */
export function runTuningOf(run: RunTuning): RunTuning {
  return Object.fromEntries(runTuningKeys.filter((key) => run[key] !== undefined).map((key) => [key, run[key]])) as RunTuning;
}

/** What a run may do on a guarded target: a billable profile or a non-loopback URL (DESIGN.md §5). */
export interface RunSafety {
  /** Allows billable sends on a guarded target (--allow-send). */
  readonly allowBillable?: boolean;
  /** The only recipients a guarded send may have (--allow-recipient: numbers the user owns); enforced in the client. */
  readonly allowRecipients?: readonly string[];
  /** Most guarded sends of the run (--max-sends, default 5); one more is refused, never sent. */
  readonly maxSends?: number;
  /** Allows the rate-limit check (which exhausts its key's limit) on a non-local target (--allow-rate-limit-check). */
  readonly allowRateLimitCheck?: boolean;
}

/** The lowest level whose failures fail a run when none is named (--fail-on). */
export const defaultFailOn = 'should';

/**
 * One run as data: the target, the checks, what it may do, how hard it pushes and what it keeps. The CLI resolves its
 * options into this (cli/conform/options/option-table.ts names the field each tuning and safety option goes to).
 */
export interface RunDescription extends RunTuning, RunSafety {
  /** The target (not yet started: the engine starts and stops it). */
  readonly target: Target;
  readonly selection?: Selection;
  /** The lowest level whose failures make the run fail (default should; observe never fails). */
  readonly failOn?: 'must' | 'should';
  /** Loopback port of the receiver's HTTP server (default: a free one); a forwarder behind --receiver-url points at it. */
  readonly receiverPort?: number;
  /** Keep each check's redacted exchanges in CheckResult.trace (parity and the HAR report read them; off by default: memory). */
  readonly recordExchanges?: boolean;
  /** How a failing check is run again from a shell (the CLI's command line); reports print it under each failure. */
  readonly reproduce?: RunReproduction;
  /** A known-failures baseline (--baseline): the exit code is 0 when the run fails only what it lists (RunResult.knownFailures). */
  readonly knownFailures?: KnownFailures;
}

/** Options of runConformance: a run description and the caller's hooks; only the target is required. */
export interface RunOptions extends RunDescription {
  /** The checks (default: every suite module of suites/index.ts). */
  readonly registry?: CheckRegistry;
  /**
   * Aborting it stops the run: running checks are cut, the rest not started, created webhooks are deleted, and the
   * result is partial (RunResult.interrupted; its reason, e.g. 'SIGINT', decides the exit code).
   */
  readonly signal?: AbortSignal;
  /** Stop the same way on SIGINT/SIGTERM (targets/stop-on-signal.ts; the CLI passes `signal` from its own instead). */
  readonly handleSignals?: boolean;
  /** The requirement catalogue (default spec/requirements.yaml). */
  readonly requirements?: readonly Requirement[];
  /** Shared with the reports so they can scrub the run's secrets. */
  readonly redactor?: Redactor;
  readonly onEvent?: (event: RunEvent) => void;
  /** Called once at the end of the run, after the target stopped, with every delivery the receiver captured (raw: keep in memory only). */
  readonly onDeliveries?: (deliveries: readonly Delivery[]) => void;
}
