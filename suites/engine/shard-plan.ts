import type { PlannedCheck } from './plan.js';
import { HarnessError } from '../../targets/index.js';
import type { Shard } from './shard-spec.js';

/** What one shard runs and what it reports. */
export interface ShardSlice {
  /** Check ids the shard runs: its own checks and the positive baselines its checks depend on or use. */
  readonly run: readonly string[];
  /** Check ids the shard reports (each planned check is owned by exactly one shard). */
  readonly owned: readonly string[];
}

/**
 * Slices a plan deterministically: the planned checks are dealt round-robin in plan order (phase, suite, id), so every
 * shard gets a similar mix of suites. A negative check needs every positive baseline of its operation in the same run
 * (DESIGN.md §3: no vacuous passes), and a check that uses an operation as a fixture is blocked, like in the whole
 * run, when that operation's baseline did not pass: so a shard also runs those baselines, and reports only the ones
 * it owns.
 */
export function slicePlan(plan: readonly PlannedCheck[], shard: Shard): ShardSlice {
  if (plan.length < shard.total) {
    throw new HarnessError(
      'SHARD_USAGE',
      `--shard ${shard.index}/${shard.total}: the selection has only ${plan.length} checks; use at most ${Math.max(1, plan.length)} shards.`,
    );
  }
  const owned = plan.filter((_, position) => position % shard.total === shard.index - 1);
  // a history check judges the shard's own history: its drivers run in the shard too
  const drivers = new Set(owned.flatMap((p) => p.check.history?.drivers ?? []));
  const mine = [...owned, ...plan.filter((p) => drivers.has(p.check.id) && !owned.includes(p))];
  const needed = new Set(
    mine.flatMap((p) => [...(p.check.baseline !== undefined ? [p.check.baseline] : []), ...(p.check.uses ?? []), ...(p.check.observes ?? [])]),
  );
  const baselines = plan.filter((p) => p.check.baselineFor !== undefined && needed.has(p.check.baselineFor));
  const running = new Set([...mine, ...baselines].map((p) => p.check.id));
  return { run: plan.map((p) => p.check.id).filter((id) => running.has(id)), owned: owned.map((p) => p.check.id) };
}
