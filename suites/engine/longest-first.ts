import { checkCostMs } from './check-costs.js';
import type { PlannedCheck } from './plan.js';

/**
 * A pool's checks with those known to take longest first (suites/engine/check-costs.ts, measured against the embedded
 * reference), the rest in plan order. A pool waits for its slowest check: one of ~300 ms started last kept the main
 * thread idle while it ran alone (docs/decisions/0029-longest-checks-first.md). Only when checks start changes: the
 * results, their order and which baseline blocks a check stay in plan order.
 */
export function longestFirst(planned: readonly PlannedCheck[]): PlannedCheck[] {
  const cost = (p: PlannedCheck): number => (p.skip === undefined ? (checkCostMs[p.check.id] ?? 0) : 0);
  return planned
    .map((p, index) => ({ p, index, ms: cost(p) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map(({ p }) => p);
}
