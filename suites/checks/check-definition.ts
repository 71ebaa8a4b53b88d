import type { Level } from '../../spec/level.js';
import type { ConventionName, Profile, Target } from '../../targets/index.js';
import type { CheckContext } from './check-context.js';
import type { CheckEstimate } from './check-cost.js';

export type { Level } from '../../spec/level.js';

/**
 * What a check needs from the run; a missing need skips the check with a reason that says how to provide it. The
 * target conventions (templates, failingRecipient, sharedSender) are needs too: their skip names the setting.
 */
export type Need = 'receiver' | 'starterKey' | 'rateLimitKey' | 'billable' | ConventionName;

/** The needs a check may declare. */
export const needs: readonly Need[] = ['receiver', 'starterKey', 'rateLimitKey', 'billable', 'templates', 'failingRecipient', 'sharedSender', 'inboundTrigger'];

/**
 * What makes a check a history check (DESIGN.md §3 "Judged over the history"): its `run` drives the target (it may
 * send nothing), and once every check of the run has ended its result is what a rule of rules/history-rules/ finds of
 * the requirements it cites over the whole run's history (the shard's, when sharded): failed on a contradiction,
 * passed when the rule judged each of them at least once, skipped when the history holds nothing to judge.
 */
export interface HistoryJudge {
  /** The rule's name (rules/history-rules/index.ts); it must judge every requirement the check cites. */
  readonly rule: string;
  /** Checks whose exchanges are evidence too: planned with this one, as a negative check's baseline is. */
  readonly drivers?: readonly string[];
  /** What the history must hold to be judged, for the reason of a skip (e.g. "a PUT followed by a list of webhooks"). */
  readonly evidence: string;
}

/** What a check author writes (see defineCheck). */
/** The answer fields a check reads of the operations it uses: for all of them, or by operationId (CheckDefinition.reads). */
export type Reads = readonly string[] | Readonly<Record<string, readonly string[]>>;

export interface CheckDefinition {
  /** Stable upper-case id, e.g. MSG-SEND-MESSAGE-MAX-PROPERTY. */
  readonly id: string;
  readonly title: string;
  /** Where it belongs, e.g. contract/messages, scenarios/idempotency (selected with --suite globs). */
  readonly suite: string;
  /** Requirement ids of spec/requirements.yaml the check proves (at least one). */
  readonly requirements: readonly string[];
  readonly level: Level;
  /** True when the check applies to the profile/target, else the reason it is skipped. */
  readonly appliesTo?: (profile: Profile, target: Target) => true | string;
  readonly needs?: readonly Need[];
  /** Operation id whose positive baseline must have passed in this run (a negative check: DESIGN.md §3 vacuity). */
  readonly baseline?: string;
  /** Operation id this check is the positive baseline of: it runs first and its result is recorded as the baseline. */
  readonly baselineFor?: string;
  /**
   * Operation ids the check needs as fixtures (e.g. createWebhook for a delivery check): when one's positive baseline
   * did not pass, the check is blocked by it without sending anything (DESIGN.md §3 "Test whatever exists").
   */
  readonly uses?: readonly string[];
  /**
   * The answer fields of its `uses` operations the check reads (`['id', 'status']`), when it reads only some: a
   * baseline that failed on other fields of 2xx answers does not block it (issue 34: block by what a check reads).
   * A list holds for every operation it uses; a record by operationId says it per operation (an operation it does not
   * name: all its fields). Absent: it reads them all.
   */
  readonly reads?: Reads;
  /**
   * Where the deliveries it waits for go: `registered` webhooks (default) or the simulator's `one-url` (spec §8). A
   * `registered` check that saw none while the one URL got some is skipped (a simulator that sends only there); a
   * `one-url` check's missing delivery is its own failure.
   */
  readonly deliveriesTo?: 'registered' | 'one-url';
  /**
   * Operation ids the check can observe what it cites through, any one of them (e.g. the reads an any-key probe sends):
   * their baselines run first, the check picks those that answer valid input with a 2xx (ctx.baseline.accepted) and is
   * blocked when none does (DESIGN.md §3: probes fall through to the next operation that works).
   */
  readonly observes?: readonly string[];
  /** Runs alone, after the concurrent checks of its phase: for checks that reason about the whole target (list partitions, rate limit). */
  readonly exclusive?: boolean;
  /**
   * Sends messages and waits while they move through their lifecycle (statuses, events at webhooks it registers): it
   * runs after the other concurrent checks of its phase, together with every such check at once (they wait far more
   * than they work, so a run is bounded by the target's lifecycle, not by their number), before the exclusive ones.
   * Its webhooks then receive the other such checks' events too: it must match deliveries to its own messages by
   * data.id (`reports`), or judge every delivery alike.
   */
  readonly watchesLifecycle?: boolean;
  /**
   * Why the check is too slow for a run that does not name it (e.g. it waits out a rate-limit window): it is then
   * skipped with this reason, and runs when --check or --requirement selects it.
   */
  readonly slow?: string;
  /** Deadline of this check in ms (default: the run's --timeout). */
  readonly timeoutMs?: number;
  /** What one run costs on a conforming target, for --plan and the time budget (default: a typical scenario's). */
  readonly estimate?: CheckEstimate;
  /** A history check: judged by a rule over the run's history after every other check ended. */
  readonly history?: HistoryJudge;
  readonly run: (ctx: CheckContext) => Promise<void>;
}

/** A check as registered (validated and frozen). */
export type Check = Readonly<CheckDefinition>;
