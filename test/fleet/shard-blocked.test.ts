import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeShards, runConformance, runShard } from '../../suites/engine/index.js';
import type { RunResult, ShardEntry } from '../../suites/engine/index.js';
import { loadRegistry } from '../../suites/index.js';
import { profileFor, urlTarget } from '../../targets/index.js';
import { startPartialTarget } from '../support/partial-target.js';
import type { PartialTarget } from '../support/partial-target.js';

let partial: PartialTarget;
beforeAll(async () => {
  partial = await startPartialTarget({ missing: [{ method: 'GET', path: '/v1/user/me' }, { path: '/v1/webhooks/**' }] });
});
afterAll(async () => {
  await partial.stop();
});

const selection = { suites: ['builtin/*', 'contract/*', 'scenarios/webhooks', 'scenarios/idempotency', 'scenarios/deliveries'] };
const common = { seed: 99, runs: 5, selection, concurrency: 4 } as const;
const target = () => urlTarget(partial.baseUrl, profileFor('simulator'), { growth: partial.keys.growth as string, starter: partial.keys.starter as string });

function outcome(result: RunResult) {
  return {
    checks: result.checks.map((c) => [c.id, c.status, c.blockedBy ?? '']),
    operations: result.operations,
    rootCauses: result.rootCauses,
    requirements: result.requirements.map((r) => [r.id, r.status, r.covered]),
    summary: result.summary,
    exitCode: result.exitCode,
  };
}

describe('shards of a run against a partial target merge into the unsharded result', () => {
  it('the same blocked checks (with the same blockedBy), operations overview, root causes, matrix and exit code', async () => {
    const registry = await loadRegistry();
    const whole = await runConformance({ ...common, registry, target: target() });
    expect(whole.summary.byStatus.blocked).toBeGreaterThan(20);
    const entries: ShardEntry[] = [];
    for (let index = 1; index <= 3; index += 1) {
      entries.push({ source: `shard-${index}`, slice: await runShard({ ...common, registry, target: target(), shard: { index, total: 3 } }) });
    }
    const merged = mergeShards(entries);
    expect(outcome(merged)).toEqual(outcome(whole));
    expect(merged.exitCode).toBe(1);
  }, 240_000);
});
