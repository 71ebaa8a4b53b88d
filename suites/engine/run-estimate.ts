import type { KeyRole } from '../../targets/index.js';
import type { CaseScale, Check, CheckCost } from '../checks/index.js';
import type { PlannedCheck } from './plan.js';

/** A check that declares no cost: a typical scenario (3.5 requests is the median-ish mean measured on the reference). */
const typicalRequests = 3.5;
/** A check that waits for webhook deliveries and declares no wait: a lifecycle of the reference simulator takes ~3 s. */
const typicalWaitSeconds = 3;
/** The client's window: 60 s plus the 1 s margin of WindowLimiter (spec §8: 100 requests per minute per key). */
const windowSeconds = 61;
/** Set-up, the connection check, reports. */
const overheadSeconds = 5;

/** What a whole run is expected to cost on a conforming target. */
export interface RunEstimate {
  readonly requests: number;
  /** Requests per key role (the client keeps each throttled key to its rate). */
  readonly byKey: Readonly<Partial<Record<KeyRole, number>>>;
  /** Messages the target creates (what --max-sends bounds on a guarded target). */
  readonly sends: number;
  /** Expected wall time in seconds (at the client's rate when it keeps one). */
  readonly seconds: number;
}

/** The cost of one check at a case scale: its declared estimate, else a typical scenario's. */
export function costOf(check: Check, scale: CaseScale): CheckCost {
  const declared = typeof check.estimate === 'function' ? check.estimate(scale) : check.estimate;
  const cost = declared ?? { requests: typicalRequests, sends: check.needs?.includes('billable') ? 1 : 0 };
  if (cost.waitSeconds !== undefined || !(check.exclusive || check.watchesLifecycle) || !check.needs?.includes('receiver')) return cost;
  return { ...cost, waitSeconds: typicalWaitSeconds };
}

/** A running check's cost as it adds to the run, and the check whose shared send it judges (CheckCost.shared). */
export interface RunCost {
  readonly cost: CheckCost;
  readonly sharedWith?: string;
}

/**
 * The cost of each check of the plan that runs, as it adds to the run: the first check whose cost names a shared key
 * counts its requests, a later one sends nothing and names that first one (CheckCost.shared).
 */
export function runCosts(plan: readonly PlannedCheck[], scale: CaseScale): Map<string, RunCost> {
  const first = new Map<string, string>();
  const costs = new Map<string, RunCost>();
  for (const { check, skip } of plan) {
    if (skip !== undefined) continue;
    const cost = costOf(check, scale);
    const sharer = cost.shared === undefined ? undefined : first.get(cost.shared);
    if (cost.shared !== undefined && sharer === undefined) first.set(cost.shared, check.id);
    costs.set(check.id, sharer === undefined ? { cost } : { cost: { ...cost, requests: 0, sends: 0, byKey: {} }, sharedWith: sharer });
  }
  return costs;
}

/**
 * Requests, sends and wall time of the checks that run. The wall time: the client lets `rate` requests of a key
 * through per window, so n requests of the busiest key need floor((n-1)/rate) full windows; the waits of the checks
 * that run alone come on top, and of the event watchers the longest (they wait together where no rate is kept).
 */
export function estimateRun(plan: readonly PlannedCheck[], scale: CaseScale, ratePerMinute: number | null): RunEstimate {
  const byKey: Partial<Record<KeyRole, number>> = {};
  let requests = 0;
  let sends = 0;
  let waits = 0;
  // the event watchers wait together (run-conformance.ts), one after another only where the client keeps a rate
  let watching = 0;
  const costs = runCosts(plan, scale);
  for (const { check, skip } of plan) {
    if (skip !== undefined) continue;
    const { cost } = costs.get(check.id) as RunCost;
    requests += cost.requests;
    sends += cost.sends;
    if (check.watchesLifecycle && ratePerMinute === null) watching = Math.max(watching, cost.waitSeconds ?? 0);
    else waits += cost.waitSeconds ?? 0;
    let others = 0;
    for (const [role, count] of Object.entries(cost.byKey ?? {}) as [KeyRole, number][]) {
      byKey[role] = (byKey[role] ?? 0) + count;
      others += count;
    }
    byKey.growth = (byKey.growth ?? 0) + cost.requests - others;
  }
  // the rate-limit key is never throttled by the client (it is meant to exceed the limit)
  const throttled = Object.entries(byKey)
    .filter(([role]) => role !== 'rateLimit')
    .map(([, count]) => count);
  const busiest = Math.max(0, ...throttled);
  const windows = ratePerMinute === null || busiest <= ratePerMinute ? 0 : Math.floor((busiest - 1) / ratePerMinute);
  return { requests, byKey, sends, seconds: windows * windowSeconds + waits + watching + overheadSeconds };
}
