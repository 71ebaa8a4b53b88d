import type { Profile, ProfileName } from './profile.js';
import type { TargetConventions } from './target-conventions.js';

/** Which key a request uses: a configured role, no key at all, or a key the target cannot know. */
export type KeyRole = 'growth' | 'starter' | 'rateLimit' | 'secondGrowth' | 'none' | 'unknown';

/** The API keys of a target by role; `unknown` is a random key no target can know (for 401 checks). */
export interface TargetKeys {
  readonly growth?: string;
  readonly starter?: string;
  readonly rateLimit?: string;
  /** A second Growth-tier key: Idempotency-Keys are tried across API keys with it (DESIGN.md §4: scoped per key). */
  readonly secondGrowth?: string;
  readonly unknown: string;
}

/** What the engine hands a target at start: the receiver to route webhook deliveries to, if one runs. */
export interface TargetStartContext {
  readonly receiver?: { readonly httpUrl: string; readonly httpsUrl: string; readonly caPem: string };
}

/** A target's public description: never includes keys. */
export interface TargetDescription {
  readonly name: string;
  readonly profile: ProfileName;
  readonly baseUrl: string;
  /** Time from start() to ready (the first check), ms, for targets the harness starts (containers). */
  readonly startupMs?: number;
}

/** An implementation of the API under test. */
export interface Target {
  readonly name: string;
  readonly profile: Profile;
  /** The origin without /v1 (spec §9); throws NOT_STARTED before start() for targets that pick a port. */
  readonly baseUrl: string;
  readonly keys: TargetKeys;
  /** Receiver path that a simulator's one configured webhook URL delivers to (spec §8), when the harness configured it. */
  readonly oneWebhookPath?: string;
  /** Loopback port the receiver's HTTP server must listen on, because the target was set up to deliver there. */
  readonly receiverPort?: number;
  /** True when a public forwarder (--receiver-url) makes the loopback receiver reachable from a remote target. */
  readonly receiverForwarded?: boolean;
  /** What the target does where the spec leaves it open: templates, signature, failing recipient, shared sender. */
  readonly conventions: TargetConventions;
  /**
   * The time between a message's lifecycle statuses, ms, when the harness set it (the embedded reference); unknown for a
   * target it did not start. The engine runs fewer lifecycle watchers at once when it is short (decision 0008).
   */
  readonly lifecycleStepMs?: number;
  /** The public URL under which the target reaches the harness's receiver (path appended). */
  receiverUrl(path: string): string;
  start(context?: TargetStartContext): Promise<void>;
  stop(): Promise<void>;
  describe(): TargetDescription;
}
