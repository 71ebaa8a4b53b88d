import type { Delivery } from '../../receiver/index.js';
import type { Requirement } from '../../spec/requirements.js';
import type { Redactor, Target } from '../../targets/index.js';
import type { CheckRegistry, Selection } from '../checks/index.js';
import type { RunEvent } from './run-event.js';

/** Options of runConformance; only the target is required. */
export interface RunOptions {
  /** The target (not yet started: the engine starts and stops it). */
  readonly target: Target;
  /** The checks (default: every suite module of suites/index.ts). */
  readonly registry?: CheckRegistry;
  readonly selection?: Selection;
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
  /** The lowest level whose failures make the run fail (default should; observe never fails). */
  readonly failOn?: 'must' | 'should';
  /** Most requests the run may send (default 100,000; on production what the time budget allows). */
  readonly maxRequests?: number;
  /** Allows billable sends on a guarded target: a billable profile or a non-loopback URL (DESIGN.md §5, --allow-send). */
  readonly allowBillable?: boolean;
  /** The only recipients a guarded send may have (--allow-recipient: numbers the user owns); enforced in the client. */
  readonly allowRecipients?: readonly string[];
  /** Most guarded sends of the run (--max-sends, default 5); one more is refused, never sent. */
  readonly maxSends?: number;
  /** Allows the rate-limit check (which exhausts its key's limit) on a non-local target (--allow-rate-limit-check). */
  readonly allowRateLimitCheck?: boolean;
  /** Aborting it stops the run: running checks error, the rest are skipped, created webhooks are deleted. */
  readonly signal?: AbortSignal;
  /** Stop the same way on SIGINT/SIGTERM (the CLI sets it; a second signal exits at once). */
  readonly handleSignals?: boolean;
  /** The requirement catalogue (default spec/requirements.yaml). */
  readonly requirements?: readonly Requirement[];
  /** Shared with the reports so they can scrub the run's secrets. */
  readonly redactor?: Redactor;
  /** Loopback port of the receiver's HTTP server (default: a free one); a forwarder behind --receiver-url points at it. */
  readonly receiverPort?: number;
  readonly onEvent?: (event: RunEvent) => void;
  /** Keep each check's redacted exchanges in CheckResult.trace (parity compares them; off by default: memory). */
  readonly recordExchanges?: boolean;
  /** Called once at the end of the run, after the target stopped, with every delivery the receiver captured (raw: keep in memory only). */
  readonly onDeliveries?: (deliveries: readonly Delivery[]) => void;
}
