import type { PlannedCheck } from './plan.js';
import { HarnessError } from '../../targets/index.js';
import type { Shard } from './shard-spec.js';

/** What one shard runs and what it reports. */
export interface ShardSlice {
  /** Check ids the shard runs: its own checks, the connection gate, and the positive baselines its negative checks need. */
  readonly run: readonly string[];
  /** Check ids the shard reports (each planned check is owned by exactly one shard). */
  readonly owned: readonly string[];
}

/**
 * Slices a plan deterministically: the planned checks after the connection gate are dealt round-robin in plan order
 * (phase, suite, id), so every shard gets a similar mix of suites. Shard 1 owns the gate; every shard runs it. A negative
 * check needs every positive baseline of its operation in the same run (DESIGN.md §3: no vacuous passes), so a shard
 * also runs the baselines its own checks depend on, and reports only the ones it owns.
 */
export function slicePlan(plan: readonly PlannedCheck[], shard: Shard): ShardSlice {
  const [gate, ...rest] = plan;
  if (gate === undefined) return { run: [], owned: [] };
  if (rest.length < shard.total) {
    throw new HarnessError('SHARD_USAGE', `--shard ${shard.index}/${shard.total}: the selection has only ${rest.length} checks besides the connection check; use at most ${Math.max(1, rest.length)} shards.`);
  }
  const mine = rest.filter((_, position) => position % shard.total === shard.index - 1);
  const needed = new Set(mine.map((p) => p.check.baseline).filter((op): op is string => op !== undefined));
  const baselines = rest.filter((p) => p.check.baselineFor !== undefined && needed.has(p.check.baselineFor));
  const owned = [...(shard.index === 1 ? [gate] : []), ...mine].map((p) => p.check.id);
  const running = new Set([gate.check.id, ...mine.map((p) => p.check.id), ...baselines.map((p) => p.check.id)]);
  return { run: plan.map((p) => p.check.id).filter((id) => running.has(id)), owned };
}
