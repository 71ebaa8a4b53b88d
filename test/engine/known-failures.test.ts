import { describe, expect, it } from 'vitest';
import type { CheckResult, KnownFailure } from '../../results/run-result.js';
import { judgeKnownFailures } from '../../suites/engine/known-failures-verdict.js';
import { parseKnownFailures } from '../../suites/engine/known-failures-file.js';
import { updateKnownFailures } from '../../suites/engine/known-failures-update.js';
import { runOutcome } from '../../suites/engine/run-outcome.js';
import { shortReason } from '../../suites/engine/short-reason.js';
import { requirements } from '../../spec/requirements.js';

// The rules of the known-failures baseline on check results as the engine makes them (the CLI tests run them for real).
const result = (id: string, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  suite: 'test/known',
  requirements: ['R1'],
  level: 'must',
  status: 'passed',
  durationMs: 1,
  exchanges: 1,
  ...over,
});
const failed = (id: string, violated: string[], over: Partial<CheckResult> = {}): CheckResult =>
  result(id, { status: 'failed', violated, requirements: violated, reason: `${id} broke ${violated.join(', ')}`, ...over });
const baseline = (entries: KnownFailure[], today = '2030-06-15') => ({ file: 'known.yaml', entries, today });
const pairs = (items: readonly { check: string; requirement: string }[]): string[] => items.map((item) => `${item.check}/${item.requirement}`);

describe('judgeKnownFailures: what a run makes of its baseline', () => {
  it('passes when the run fails only what is listed, and names the rest by list', () => {
    const checks = [failed('A', ['R1']), failed('B', ['R2', 'R3']), result('P')];
    const outcome = judgeKnownFailures(
      checks,
      'should',
      baseline([
        { check: 'A', requirement: 'R1' },
        { check: 'B', requirement: 'R2' },
      ]),
    );
    expect(pairs(outcome.known)).toEqual(['A/R1', 'B/R2']);
    expect(pairs(outcome.new)).toEqual(['B/R3']);
    expect(outcome.passes).toBe(false);
    expect(
      judgeKnownFailures(
        checks,
        'should',
        baseline([...['R1'].map((r) => ({ check: 'A', requirement: r })), { check: 'B', requirement: 'R2' }, { check: 'B', requirement: 'R3' }]),
      ).passes,
    ).toBe(true);
  });

  it('a listed check failing another requirement is new; the listed one is not judged (the check stopped first), not fixed', () => {
    const outcome = judgeKnownFailures([failed('A', ['R2'])], 'should', baseline([{ check: 'A', requirement: 'R1' }]));
    expect(pairs(outcome.new)).toEqual(['A/R2']);
    expect(outcome.fixed).toEqual([]);
    expect(outcome.notJudged).toMatchObject([{ check: 'A', requirement: 'R1', note: 'failed first on R2' }]);
    expect(outcome.passes).toBe(false);
  });

  it('a listed failure whose check passes is fixed (stale); one whose check did not run, was skipped or blocked is not judged', () => {
    const checks = [
      result('P'),
      result('S', { status: 'skipped', reason: 'needs a receiver' }),
      failed('F', ['R2']),
      result('X', { status: 'blocked', blockedBy: 'F' }),
    ];
    const entries = ['P', 'S', 'X', 'GONE'].map((check) => ({ check, requirement: 'R1' }));
    const outcome = judgeKnownFailures(checks, 'should', baseline([...entries, { check: 'F', requirement: 'R2' }]));
    expect(pairs(outcome.fixed)).toEqual(['P/R1']);
    expect(outcome.notJudged.map((item) => `${item.check}: ${item.note}`)).toEqual(['GONE: not in this run', 'S: skipped', 'X: blocked by F']);
    expect(outcome.passes).toBe(false);
    expect(judgeKnownFailures(checks, 'should', baseline([...entries.slice(1), { check: 'F', requirement: 'R2' }])).passes).toBe(true);
  });

  it('an entry past its until day no longer excuses its failure; on its day it still does', () => {
    const checks = [failed('A', ['R1'])];
    expect(judgeKnownFailures(checks, 'should', baseline([{ check: 'A', requirement: 'R1', until: '2030-06-14' }])).expired).toHaveLength(1);
    expect(judgeKnownFailures(checks, 'should', baseline([{ check: 'A', requirement: 'R1', until: '2030-06-14' }])).passes).toBe(false);
    const onTheDay = judgeKnownFailures(checks, 'should', baseline([{ check: 'A', requirement: 'R1', until: '2030-06-15' }]));
    expect([onTheDay.known.length, onTheDay.expired.length, onTheDay.passes]).toEqual([1, 0, true]);
  });

  it('a blocked check is covered by its root cause: known when the root is listed, new through the root otherwise', () => {
    const root = failed('ROOT', ['R1'], { level: 'should' });
    const checks = [root, result('B1', { status: 'blocked', blockedBy: 'ROOT' }), result('B2', { status: 'blocked', blockedBy: 'B1' })];
    const listed = judgeKnownFailures(checks, 'must', baseline([{ check: 'ROOT', requirement: 'R1' }]));
    expect([listed.passes, listed.blockedBehindKnown]).toEqual([true, ['B1', 'B2']]);
    // a should-level root under --fail-on must still gates: it blocks must checks (as exitCodeFor counts them)
    const unlisted = judgeKnownFailures(checks, 'must', baseline([]));
    expect(unlisted.new).toMatchObject([{ check: 'ROOT', requirement: 'R1', gates: true }]);
    expect(unlisted.passes).toBe(false);
  });

  it('an errored check cannot be listed: it fails the run at or above --fail-on, with what it blocks', () => {
    const checks = [result('E', { status: 'errored', level: 'should', reason: 'socket hang up' }), result('B', { status: 'blocked', blockedBy: 'E' })];
    const outcome = judgeKnownFailures(checks, 'must', baseline([{ check: 'E', requirement: 'R1' }]));
    expect([outcome.unlistable, outcome.passes, outcome.notJudged[0]?.note]).toEqual([['E'], false, 'errored']);
    expect(judgeKnownFailures(checks.slice(0, 1), 'must', baseline([])).passes).toBe(true);
  });

  it('below --fail-on, new and fixed are reported and decide nothing', () => {
    const checks = [
      failed('S1', ['R1'], { level: 'should' }),
      result('S2', { level: 'should' }),
      result('N', { status: 'noted', level: 'observe', violated: ['R1'] }),
    ];
    const outcome = judgeKnownFailures(checks, 'must', baseline([{ check: 'S2', requirement: 'R1' }]));
    expect(outcome.new).toMatchObject([{ check: 'S1', gates: false }]);
    expect(outcome.fixed).toMatchObject([{ check: 'S2', gates: false }]);
    expect(outcome.passes).toBe(true);
    expect(judgeKnownFailures(checks, 'should', baseline([{ check: 'S2', requirement: 'R1' }])).passes).toBe(false);
  });

  it('runOutcome: the verdict says what the target is, the exit code follows the baseline', () => {
    const catalogue = requirements.slice(0, 3);
    const checks = [failed('A', [catalogue[0]?.id as string])];
    const without = runOutcome(checks, catalogue, 'should');
    const listed = runOutcome(checks, catalogue, 'should', undefined, undefined, baseline([{ check: 'A', requirement: catalogue[0]?.id as string }]));
    expect([without.verdict, without.exitCode, without.knownFailures]).toEqual(['does-not-conform', 1, undefined]);
    expect([listed.verdict, listed.exitCode, listed.knownFailures?.passes]).toEqual(['does-not-conform', 0, true]);
    const stale = runOutcome([result('A')], catalogue, 'should', undefined, undefined, baseline([{ check: 'A', requirement: 'R1' }]));
    expect([stale.verdict, stale.exitCode]).toEqual(['conforms', 1]);
  });
});

describe('parseKnownFailures: the file is read whole or refused in one line', () => {
  const text = [
    '# ours',
    'known-failures:',
    '  - check: A',
    '    requirement: MSG-X',
    '    reason: "why: this"',
    '    until: 2031-01-31',
    '  - {check: B, requirement: MSG-Y}',
    '',
  ].join('\n');

  it('reads entries with reason and until; an empty file or list is no entry', () => {
    expect(parseKnownFailures(text, 'k.yaml').entries).toEqual([
      { check: 'A', requirement: 'MSG-X', reason: 'why: this', until: '2031-01-31' },
      { check: 'B', requirement: 'MSG-Y' },
    ]);
    expect(parseKnownFailures('', 'k.yaml').entries).toEqual([]);
    expect(parseKnownFailures('known-failures: []\n', 'k.yaml').entries).toEqual([]);
  });

  it.each([
    ['known-failures: [a, : b', /k\.yaml: not YAML/],
    ['- check: A\n  requirement: R\n', /the top level is not a mapping/],
    ['known: []\n', /unknown key "known" at the top level/],
    ['known-failures:\n  - check: A\n    requirement: R\n    untill: 2030-01-01\n', /entry 1 \(line 2\): unknown key "untill"/],
    ['known-failures:\n  - check: A\n    requirement: R\n    until: 2030-02-30\n', /until must be a day YYYY-MM-DD, not "2030-02-30"/],
    ['known-failures:\n  - check: a b\n    requirement: R\n', /check must be an id/],
    ['known-failures:\n  - {check: A, requirement: R}\n  - {check: A, requirement: R}\n', /entry 2 \(line 3\): lists A on R again \(entry 1\)/],
  ])('refuses %j', (bad, message) => {
    let error: unknown;
    try {
      parseKnownFailures(bad, 'k.yaml');
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ name: 'HarnessError', code: 'BASELINE_FILE' });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('updateKnownFailures (--baseline-update): sorted, stable, and keeping what a person wrote', () => {
  it('writes every failure of a run, sorted by check and requirement, each with its short reason', () => {
    const { text, added } = updateKnownFailures(undefined, [failed('ZED', ['R2', 'R1']), failed('ALPHA', ['R9']), result('P')]);
    expect(added.map((pair) => `${pair.check}/${pair.requirement}`)).toEqual(['ALPHA/R9', 'ZED/R1', 'ZED/R2']);
    expect(parseKnownFailures(text, 'k.yaml').entries.map((entry) => `${entry.check}/${entry.requirement}/${entry.reason}`)).toEqual([
      'ALPHA/R9/ALPHA broke R9',
      'ZED/R1/ZED broke R2, R1',
      'ZED/R2/ZED broke R2, R1',
    ]);
    expect(text).toMatch(/^# Known failures \(npm run conform -- --baseline <this file>\)/);
  });

  it('keeps the until day and comments of entries that stay, drops the fixed ones, and gives the same bytes when run again', () => {
    const previous = [
      '# our ledger',
      'known-failures:',
      '  # the vendor fixes this in Q3',
      '  - check: B',
      '    requirement: R1',
      '    reason: hand-written',
      '    until: 2031-09-30',
      '  - check: FIXED',
      '    requirement: R1',
      '  - check: ELSEWHERE # another shard',
      '    requirement: R1',
      '',
    ].join('\n');
    const checks = [failed('B', ['R1']), result('FIXED'), failed('A', ['R1'])];
    const once = updateKnownFailures({ text: previous, file: 'k.yaml' }, checks);
    expect(once.removed).toEqual([{ check: 'FIXED', requirement: 'R1' }]);
    expect([once.added, once.kept]).toEqual([[{ check: 'A', requirement: 'R1' }], 2]);
    expect(once.text).toContain('# our ledger');
    expect(once.text).toMatch(/# the vendor fixes this in Q3\n {2}- check: B\n {4}requirement: R1\n {4}reason: hand-written\n {4}until: 2031-09-30/);
    expect(once.text).toContain('- check: ELSEWHERE # another shard');
    expect(parseKnownFailures(once.text, 'k.yaml').entries.map((entry) => entry.check)).toEqual(['A', 'B', 'ELSEWHERE']);
    const twice = updateKnownFailures({ text: once.text, file: 'k.yaml' }, checks);
    expect(twice.text).toBe(once.text);
    expect([twice.added, twice.removed]).toEqual([[], []]);
  });
});

describe('shortReason: the same failure reads the same in every run', () => {
  it('drops the property preamble, dumped bodies and the counterexample; ids and times are replaced; cut at 160', () => {
    const reason =
      'property "unknown ids" failed after 1 case(s), shrunk 2 time(s) (seed 77, path 0:1): unknown id: DELETE /v1/webhooks/036142a9-690f-43ba-b8c6-dc4dc8268a1c answered 500 at 2030-01-01T10:00:00.123Z (body: {"x":1}); counterexample: {}';
    expect(shortReason(reason)).toBe('unknown id: DELETE /v1/webhooks/<id> answered 500 at <time>');
    expect(shortReason(`${'word '.repeat(60)}end`)?.length).toBeLessThanOrEqual(160);
    expect(shortReason('line one\nline two')).toBe('line one');
    expect(shortReason(undefined)).toBeUndefined();
  });
});
