import type { KeyRole, ProfileName } from '../../targets/index.js';

/** How many cases a run gives each check: property cases (--runs) and items of fixed case lists. */
export interface CaseScale {
  /** Property cases per operation (--runs). */
  readonly runs: number;
  /** Most items a check takes from a fixed list (invalid inputs, URLs, a concurrent burst); Infinity = all. */
  readonly samples: number;
  /** The target's profile (a few checks send less on production, where every request counts). */
  readonly profile: ProfileName;
}

/** What one run of a check costs on a conforming target, for --plan and the time budget. */
export interface CheckCost {
  /** Every request it sends. */
  readonly requests: number;
  /** Of those, the requests sent with another key than growth (the client's rate limit counts per key, spec §8). */
  readonly byKey?: Partial<Record<Exclude<KeyRole, 'growth'>, number>>;
  /** Messages it makes the target create (what --max-sends bounds on a guarded target). */
  readonly sends: number;
  /** Seconds it waits for the target beyond its requests (webhook deliveries, a message lifecycle). */
  readonly waitSeconds?: number;
  /**
   * Checks whose costs name the same key send these requests once per run between them (CheckContext.shared): the
   * first that runs sends, the others judge its answers. Counted once.
   */
  readonly shared?: string;
}

/** A check's declared cost: fixed, or depending on the run's case scale. */
export type CheckEstimate = CheckCost | ((scale: CaseScale) => CheckCost);

/** The first `samples` items of a fixed case list (all of it when samples is Infinity). */
export function sampled<T>(items: readonly T[], samples: number): readonly T[] {
  return Number.isFinite(samples) ? items.slice(0, Math.max(1, samples)) : items;
}
