import { describe, expect, it } from 'vitest';
import { requirements } from '../../spec/requirements.js';
import { loadRegistry } from '../../suites/index.js';
import { planRun, slicePlan } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';

describe('slicePlan', async () => {
  const registry = await loadRegistry();
  const plan = planRun(registry, {}, { target: referenceTarget(), requirements, allowBillable: false });

  for (const total of [1, 2, 3, 7]) {
    it(`deals every planned check to exactly one of ${total} shards, deterministically`, () => {
      const slices = Array.from({ length: total }, (_, i) => slicePlan(plan, { index: i + 1, total }));
      const owned = slices.flatMap((slice) => slice.owned);
      expect(owned.sort()).toEqual(plan.map((p) => p.check.id).sort());
      expect(slicePlan(plan, { index: total, total })).toEqual(slices[total - 1]);
      // no connection gate (DESIGN.md §3): a shard runs its own checks and the baselines they depend on or use
      for (const slice of slices) for (const id of slice.owned) expect(slice.run).toContain(id);
    });
  }

  it('runs every positive baseline of an operation in each shard that owns one of its negative checks', () => {
    for (let index = 1; index <= 3; index += 1) {
      const { run, owned } = slicePlan(plan, { index, total: 3 });
      const ops = new Set(
        plan
          .filter((p) => owned.includes(p.check.id))
          .map((p) => p.check.baseline)
          .filter(Boolean),
      );
      expect(ops.size).toBeGreaterThan(0);
      for (const p of plan) if (p.check.baselineFor && ops.has(p.check.baselineFor)) expect(run).toContain(p.check.id);
      // and the baselines of the operations its checks use as fixtures: they are blocked alike in every shard
      const used = new Set(plan.filter((p) => owned.includes(p.check.id)).flatMap((p) => p.check.uses ?? []));
      for (const p of plan) if (p.check.baselineFor && used.has(p.check.baselineFor)) expect(run).toContain(p.check.id);
      // it runs more than it reports: the baselines it borrows are reported by their owner only
      expect(run.length).toBeGreaterThan(owned.length);
    }
  });
});
