import { existsSync, readFileSync } from 'node:fs';
import { requirements as specRequirements } from '../../spec/requirements.js';
import type { CheckRegistry } from '../checks/index.js';
import { planContextFor, planRun } from './plan.js';
import { runConformance, skippedResult } from './run-conformance.js';
import type { CheckResult } from '../../results/run-result.js';
import type { RunOptions } from './run-options.js';
import { HarnessError } from '../../targets/index.js';
import { slicePlan } from './shard-plan.js';
import { resultWithChecks, shardFormat } from './shard-result.js';
import type { ShardResult } from './shard-result.js';
import type { Shard } from './shard-spec.js';

/** Options of runShard: a run's options plus which slice, and how the target was given (recorded for the merge). */
export interface ShardRunOptions extends RunOptions {
  readonly shard: Shard;
  /** --target as given (default: the target's name). */
  readonly targetSpec?: string;
  /** The reference faults switched on (--fault): slices with different faults do not merge. */
  readonly faults?: readonly string[];
}

/** The harness package's name and version (slices of different versions do not merge). */
export function harnessIdentity(): { name: string; version: string } {
  // from the sources (suites/engine/) or the compiled package (dist/suites/engine/): the nearest package.json above
  for (const up of ['../../package.json', '../../../package.json']) {
    const url = new URL(up, import.meta.url);
    if (!existsSync(url)) continue;
    const pkg = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
    return { name: pkg.name ?? 'sms-conformance', version: pkg.version ?? '0.0.0' };
  }
  return { name: 'sms-conformance', version: '0.0.0' };
}

/**
 * Runs one deterministic slice of the run (shard i of n) and returns a mergeable ShardResult. The seed must be given:
 * every shard must generate the same cases as the unsharded run would.
 */
export async function runShard(options: ShardRunOptions): Promise<ShardResult> {
  const { shard } = options;
  if (options.seed === undefined) {
    throw new HarnessError(
      'SHARD_USAGE',
      `--shard ${shard.index}/${shard.total} needs --seed <n>: every shard must run the same cases (e.g. --seed $GITHUB_RUN_NUMBER).`,
    );
  }
  const registry = options.registry ?? (await defaultRegistry());
  const requirements = options.requirements ?? specRequirements;
  const selection = options.selection ?? {};
  const plan = planRun(registry, selection, planContextFor(options, requirements));
  const slice = slicePlan(plan, shard);
  // a slow check the selection does not name stays skipped: the slice's ids would name it
  const slowSkips = new Map(plan.filter((p) => p.check.slow !== undefined && p.skip !== undefined).map((p) => [p.check.id, p]));
  const ids = slice.run.filter((id) => registry.get(id) !== undefined && !slowSkips.has(id));
  const whole = await runConformance({ ...options, registry, requirements, selection: { ids } });
  const owned = new Set(slice.owned);
  const ran = new Map(whole.checks.map((check) => [check.id, check]));
  const checks = plan
    .filter((p) => owned.has(p.check.id))
    .map((p) => ran.get(p.check.id) ?? (slowSkips.has(p.check.id) ? skippedResult(p, p.skip as string) : undefined))
    .filter((check): check is CheckResult => check !== undefined);
  const result = resultWithChecks(whole, { checks, setupError: whole.setupError, interrupted: whole.interrupted, knownFailures: options.knownFailures });
  const description = whole.target;
  return {
    format: shardFormat,
    shard: { index: shard.index, total: shard.total },
    seed: whole.seed,
    runs: whole.runs,
    failOn: whole.failOn,
    selection,
    harness: harnessIdentity(),
    target: { name: description.name, profile: description.profile, spec: options.targetSpec ?? description.name, faults: [...(options.faults ?? [])] },
    plan: plan.map((p) => p.check.id),
    owned: slice.owned,
    result,
  };
}

async function defaultRegistry(): Promise<CheckRegistry> {
  const { loadRegistry } = await import('../load-registry.js');
  return loadRegistry();
}
