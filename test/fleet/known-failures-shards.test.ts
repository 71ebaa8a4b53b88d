import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform, resultsIn } from './fleet-harness.js';

// The known-failures baseline on a sharded run: the merge job judges the whole run by it (and writes it), each shard its
// own slice; the verdict of the merge is the unsharded run's. One suite, two shards, faults of the embedded reference.
const suite = ['--suite', 'contract/messages', '--seed', '23'];
const faults = ['--fault', 'accepts-1601-chars', '--fault', 'accepts-limit-101'];
const oneMore = ['--fault', 'e164-not-checked-on-send'];

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'known-failures-shards-'));
  file = join(dir, 'known-failures.yaml');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs both shards into dir/<name>; returns their exit codes. */
async function shards(name: string, extra: readonly string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const index of [1, 2]) {
    const run = await conform([...suite, ...extra, '--shard', `${index}/2`, '--out', join(dir, name)]);
    expect(run.code, run.stderr).toBeLessThan(2);
    codes.push(run.code);
  }
  return codes;
}

const merge = (name: string, ...extra: string[]) => conform(['--merge', join(dir, name), '--out', join(dir, `${name}-report`), ...extra]);

describe('--baseline on merged shards', () => {
  it('the merge writes the baseline from the whole run; merged again, and unsharded, the same faults are known: exit 0', async () => {
    expect(await shards('faults', faults)).toEqual([1, 1]);
    const update = await merge('faults', '--baseline', file, '--baseline-update');
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain(`baseline: ${file} written: 4 added`);
    const again = await merge('faults', '--baseline', file);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/BASELINE PASSES \(.*\): 4 known, 0 new, 0 fixed, 0 expired/);
    const whole = await conform([...suite, ...faults, '--out', join(dir, 'whole'), '--baseline', file]);
    expect(whole.code).toBe(0);
    expect((await resultsIn(join(dir, 'faults-report'))).knownFailures).toEqual((await resultsIn(join(dir, 'whole'))).knownFailures);
  }, 240_000);

  it('one more fault: the shard that runs its check exits 1, the other 0 (entries of checks it did not run are not judged); the merge exits 1 naming it', async () => {
    const codes = await shards('more', [...faults, ...oneMore, '--baseline', file]);
    expect([...codes].sort()).toEqual([0, 1]);
    const merged = await merge('more', '--baseline', file);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(
      /BASELINE FAILS \(.*\): 4 known, 1 new, 0 fixed, 0 expired: 1 new failure\(s\): CONTRACT-SENDMESSAGE-BODY-TO-FORMAT on MSG-SEND-TO-E164/,
    );
    const summary = await readFile(join(dir, 'more-report', 'summary.md'), 'utf8');
    expect(summary).toContain('**New failures (1): not in the baseline**');
  }, 240_000);

  it('no fault: the merge exits 1 naming the stale entries; --baseline-update on a shard is refused (exit 2)', async () => {
    await shards('clean', []);
    const merged = await merge('clean', '--baseline', file);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(/BASELINE FAILS \(.*\): 0 known, 0 new, 4 fixed, 0 expired: 4 fixed, still listed/);
    const refused = await conform([...suite, '--shard', '1/2', '--out', join(dir, 'refused'), '--baseline', file, '--baseline-update']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^conform: --baseline-update writes the file from the whole run: give it to the --merge job/);
  }, 240_000);
});
