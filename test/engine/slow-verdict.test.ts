import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../results/run-result.js';
import { verdictLine } from '../../reports/text-format.js';
import { requirements } from '../../spec/requirements.js';
import { runOutcome } from '../../suites/engine/run-outcome.js';
import { slowRunReason } from '../../suites/engine/slow-verdict.js';

// Issue 34: the verdict depends only on the target. A run kept from conforming only by its own slowness (SLOW_RUN
// errors and what they block) is INCONCLUSIVE, exit 3, never DOES NOT CONFORM; a failure of the target still is.
const catalogue = requirements.slice(0, 3);
const req = catalogue[0]?.id as string;
const check = (id: string, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  suite: 'test/slow',
  requirements: [req],
  level: 'must',
  status: 'passed',
  durationMs: 1,
  exchanges: 1,
  ...over,
});
const slow = (id: string, level: CheckResult['level'] = 'must'): CheckResult =>
  check(id, { status: 'errored', level, reason: `${slowRunReason}: the awaited delivery: not seen within 40000 ms, while the run was slow: lag 900 ms` });

describe('a run kept from conforming only by its slowness', () => {
  it('is inconclusive (exit 3) when SLOW_RUN errors and the checks blocked behind them are all that does not pass', () => {
    const outcome = runOutcome([check('P'), slow('S'), check('B', { status: 'blocked', blockedBy: 'S' })], catalogue, 'should');
    expect([outcome.verdict, outcome.exitCode]).toEqual(['inconclusive', 3]);
  });

  it('does not conform when the target failed anything, or a check errored for another reason', () => {
    const failed = runOutcome([slow('S'), check('F', { status: 'failed', violated: [req], reason: 'broke it' })], catalogue, 'should');
    expect([failed.verdict, failed.exitCode]).toEqual(['does-not-conform', 1]);
    const other = runOutcome([slow('S'), check('E', { status: 'errored', reason: 'target error: connection reset' })], catalogue, 'should');
    expect([other.verdict, other.exitCode]).toEqual(['does-not-conform', 1]);
    const blockedElsewhere = runOutcome(
      [slow('S'), check('X', { status: 'failed', level: 'observe', reason: 'x' }), check('B', { status: 'blocked', blockedBy: 'X' })],
      catalogue,
      'should',
    );
    expect(blockedElsewhere.verdict).toBe('does-not-conform');
  });

  it('conforms when the slow checks are below --fail-on; the console line says why a run is inconclusive', () => {
    expect(runOutcome([check('P'), slow('S', 'should')], catalogue, 'must').verdict).toBe('conforms');
    const outcome = runOutcome([check('P'), slow('S')], catalogue, 'should');
    const line = verdictLine({ ...outcome, failOn: 'should' } as never);
    expect(line).toMatch(/^INCONCLUSIVE \(fail-on should\): 1 passed, 0 failed, 1 errored.*too slow to judge.*troubleshooting\.md#slow-machine/);
  });
});
