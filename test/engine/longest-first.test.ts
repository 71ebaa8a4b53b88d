import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../suites/load-registry.js';
import { checkCostMs } from '../../suites/engine/check-costs.js';
import { longestFirst } from '../../suites/engine/longest-first.js';
import type { PlannedCheck } from '../../suites/engine/index.js';

describe('longestFirst: the order a pool starts its checks in', () => {
  it('starts the measured longest first, keeps plan order for the rest, counts a skipped check as free', async () => {
    const registry = await loadRegistry();
    const planned: PlannedCheck[] = registry.all().map((check) => ({ check, phase: 2 }));
    const ordered = longestFirst(planned);
    expect(new Set(ordered)).toEqual(new Set(planned));
    const costs = ordered.map((p) => checkCostMs[p.check.id] ?? 0);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(costs[0]).toBeGreaterThan(0);
    const unmeasured = planned.filter((p) => checkCostMs[p.check.id] === undefined);
    expect(ordered.slice(ordered.length - unmeasured.length)).toEqual(unmeasured);
    // every measured id is a registered check: a renamed check would drop out of the table silently
    const ids = new Set(registry.all().map((check) => check.id));
    expect(Object.keys(checkCostMs).filter((id) => !ids.has(id))).toEqual([]);
    const longest = ordered[0] as PlannedCheck;
    const skipped = longestFirst([...planned.slice(0, 3), { ...longest, skip: 'not for this target' }]);
    expect(skipped.at(-1)?.skip).toBe('not for this target');
  });
});
