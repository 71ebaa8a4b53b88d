import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult, ShardResult } from '../../suites/engine/index.js';
import { argvOf, conform, githubExample, onReference, resultsIn } from './fleet-harness.js';

// The GitHub Actions example's own commands, against the embedded reference instead of a container (only the target
// flags differ: test/fleet/ci-examples.test.ts runs them as written against the container).
const example = githubExample();
const seed = 4242;
const shards = example.shards;
const home = process.cwd();

afterEach(() => process.chdir(home));

/** The example's shard argv without --shard, writing to `whole`: the one unsharded run to compare with. */
function unsharded(argv: readonly string[]): string[] {
  const out = [...argv];
  out.splice(out.indexOf('--shard'), 2);
  out.splice(out.indexOf('--out'), 2, '--out', 'whole', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'markdown');
  return out;
}

async function fleetAndWhole(
  faults: readonly string[],
): Promise<{ merged: RunResult; whole: RunResult; mergeCode: number; wholeCode: number; slices: ShardResult[] }> {
  process.chdir(await mkdtemp(join(tmpdir(), 'fleet-')));
  const shardArgv = (shard: number): string[] => onReference(argvOf(example.shardCommand, { SEED: seed, SHARD: shard, SHARDS: shards }), faults);
  for (let shard = 1; shard <= shards; shard += 1) {
    const run = await conform(shardArgv(shard));
    expect(run.code, run.stderr).toBeLessThan(2);
  }
  const slices = await Promise.all((await readdir('shards')).map(async (file) => JSON.parse(await readFile(join('shards', file), 'utf8')) as ShardResult));
  const merge = await conform(argvOf(example.mergeCommand, {}));
  const whole = await conform(unsharded(shardArgv(1)));
  return { merged: await resultsIn('conformance-report'), whole: await resultsIn('whole'), mergeCode: merge.code, wholeCode: whole.code, slices };
}

function verdicts(result: RunResult): Record<string, string> {
  return Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
}

function expectSameRun(merged: RunResult, whole: RunResult): void {
  expect(merged.checks.map((check) => check.id)).toEqual(whole.checks.map((check) => check.id));
  expect(verdicts(merged)).toEqual(verdicts(whole));
  expect(merged.requirements.map((row) => [row.id, row.status, row.covered])).toEqual(whole.requirements.map((row) => [row.id, row.status, row.covered]));
  expect(merged.summary).toEqual(whole.summary);
  expect([merged.seed, merged.verdict, merged.exitCode]).toEqual([whole.seed, whole.verdict, whole.exitCode]);
}

describe(`the default suites as ${shards} shards plus a merge, and as one run (seed ${seed})`, () => {
  it('give the same checks, verdicts and exit code; each check is reported by exactly one shard', async () => {
    const { merged, whole, mergeCode, wholeCode, slices } = await fleetAndWhole([]);
    expectSameRun(merged, whole);
    expect(whole.checks.length).toBeGreaterThan(100);
    expect([mergeCode, wholeCode]).toEqual([0, 0]);
    expect(slices.map((slice) => slice.shard.index).sort()).toEqual([1, 2, 3]);
    const reported = slices.flatMap((slice) => slice.result.checks.map((check) => check.id));
    expect(reported.sort()).toEqual(whole.checks.map((check) => check.id).sort());
    // the shards split the work: none runs more than about half of it
    for (const slice of slices) expect(slice.result.checks.length).toBeLessThan(whole.checks.length / 2);
  }, 240_000);

  it('with a fault switched on: the same failures, exit 1, and the failure appears once in the merged reports', async () => {
    const fault = 'accepts-1601-chars';
    const { merged, whole, mergeCode, wholeCode } = await fleetAndWhole([fault]);
    expectSameRun(merged, whole);
    expect([mergeCode, wholeCode]).toEqual([1, 1]);
    const failed = merged.checks.filter((check) => check.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.some((check) => check.requirements.includes('MSG-SEND-MESSAGE-MAX'))).toBe(true);
    const junit = await readFile(join('conformance-report', 'junit.xml'), 'utf8');
    const markdown = await readFile(join('conformance-report', 'summary.md'), 'utf8');
    expect(junit.match(/<failure /g)?.length).toBe((await readFile(join('whole', 'junit.xml'), 'utf8')).match(/<failure /g)?.length);
    for (const check of failed) {
      expect(merged.checks.filter((c) => c.id === check.id)).toHaveLength(1);
      expect(junit.split(`name="${check.id}: `).length - 1).toBe(1);
      expect(markdown.split(`### FAIL \`${check.id}\``).length - 1).toBe(1);
    }
  }, 240_000);
});
