import { checkCostMs } from './check-costs.js';
import type { PlannedCheck } from './plan.js';

/**
 * A pool's checks with those known to take longest first (suites/engine/check-costs.ts, measured against the embedded
 * reference), the rest in plan order. The engine orders the lifecycle watchers' pool so: it waits for its slowest
 * watcher, and the longest started last ran alone while the main thread idled (docs/decisions/0029-longest-checks-first.md;
 * the other pools keep plan order, why is said there). Only when checks start changes: the results, their order and
 * which baseline blocks a check stay in plan order.
 */
export function longestFirst(planned: readonly PlannedCheck[]): PlannedCheck[] {
  const cost = (p: PlannedCheck): number => (p.skip === undefined ? (checkCostMs[p.check.id] ?? 0) : 0);
  return planned
    .map((p, index) => ({ p, index, ms: cost(p) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map(({ p }) => p);
}
