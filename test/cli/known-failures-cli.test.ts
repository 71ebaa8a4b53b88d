import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../results/run-result.js';
import { conform } from '../helpers/run-conform.js';

// The known-failures baseline end to end: the real harness against the embedded reference with faults switched on,
// one suite (the faults below are all caught there) so each run takes seconds.
const suite = ['--suite', 'contract/messages', '--seed', '11'];
const tooLong = ['--fault', 'accepts-1601-chars']; // CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH, CONTRACT-SENDMESSAGE-INVALID-400
const limit = ['--fault', 'accepts-limit-101']; // CONTRACT-LISTMESSAGES-QUERY-LIMIT-MAXIMUM, CONTRACT-LISTMESSAGES-INVALID-400
const e164 = ['--fault', 'e164-not-checked-on-send']; // CONTRACT-SENDMESSAGE-BODY-TO-FORMAT (and SENDMESSAGE-INVALID-400, listed)
const listed = [
  'CONTRACT-LISTMESSAGES-INVALID-400 on ERR-VALIDATION-400',
  'CONTRACT-LISTMESSAGES-QUERY-LIMIT-MAXIMUM on MSG-LIST-LIMIT-MAX',
  'CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH on MSG-SEND-MESSAGE-MAX',
  'CONTRACT-SENDMESSAGE-INVALID-400 on ERR-VALIDATION-400',
];

let dir: string;
let file: string;
let written: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'known-failures-'));
  file = join(dir, 'known-failures.yaml');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const out = (name: string): string => join(dir, name);
const results = async (name: string): Promise<RunResult> => JSON.parse(await readFile(join(out(name), 'results.json'), 'utf8')) as RunResult;
const named = (items: readonly { check: string; requirement: string }[]): string[] => items.map((item) => `${item.check} on ${item.requirement}`);

describe('--baseline against the embedded reference with faults', () => {
  it('--baseline-update writes the file: every failure by check and requirement, sorted, with its reason; the run is judged by it', async () => {
    const run = await conform([...suite, ...tooLong, ...limit, '--out', out('update'), '--baseline', file, '--baseline-update']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`baseline: ${file} written: 4 added`);
    written = await readFile(file, 'utf8');
    expect(written).toMatch(/^# Known failures/);
    expect(written).toContain(
      '  - check: CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH\n    requirement: MSG-SEND-MESSAGE-MAX\n    reason: "body message of 1601 characters (max 1600): POST /v1/messages answered 201, expected 4xx"\n',
    );
    expect([...written.matchAll(/- check: (\S+)\n {4}requirement: (\S+)/g)].map(([, check, requirement]) => `${check} on ${requirement}`)).toEqual(listed);
    expect(named((await results('update')).knownFailures?.known ?? [])).toEqual(listed);
  }, 120_000);

  it('the same faults with --baseline exit 0 and every report says they are known', async () => {
    const run = await conform([...suite, ...tooLong, ...limit, '--out', out('same'), '--baseline', file, '--reporter', 'ctrf', '--reporter', 'github-actions']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/DOES NOT CONFORM \(fail-on should\).*\nBASELINE PASSES \(.*known-failures\.yaml\): 4 known, 0 new, 0 fixed, 0 expired\n/);
    expect(run.stdout).toContain('FAIL CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH [must] MSG-SEND-MESSAGE-MAX  (known)');
    expect(run.stdout).toMatch(/::notice title=known-failures baseline::BASELINE PASSES/);
    expect(run.stdout).not.toMatch(/::error/);
    const result = await results('same');
    expect([result.verdict, result.exitCode, result.knownFailures?.passes]).toEqual(['does-not-conform', 0, true]);
    const junit = await readFile(join(out('same'), 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]* failures="0" errors="0"/);
    expect(junit.match(/<skipped message="known failure \(baseline [^"]*known-failures\.yaml\): [^"]*" type="known-failure"\/>/g)).toHaveLength(4);
    const ctrf = JSON.parse(await readFile(join(out('same'), 'ctrf.json'), 'utf8')) as {
      results: { tests: { testId: string; status: string; extra: { baseline?: string } }[] };
    };
    expect(ctrf.results.tests.filter((test) => test.extra.baseline === 'known').map((test) => test.status)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    const summary = await readFile(join(out('same'), 'summary.md'), 'utf8');
    expect(summary).toMatch(/^# Conformance: ⚠️ DOES NOT CONFORM/);
    expect(summary).toContain('**Known failures (4): listed, failing as expected**');
    const html = await readFile(join(out('same'), 'report.html'), 'utf8');
    expect(html).toContain('<header class="known-failures">');
    expect(html).toContain('<h3>Known failures (4): listed, failing as expected</h3>');
  }, 120_000);

  it('one more fault exits 1 naming the new failure', async () => {
    const run = await conform([...suite, ...tooLong, ...limit, ...e164, '--out', out('more'), '--baseline', file, '--reporter', 'github-actions']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /BASELINE FAILS \(.*\): 4 known, 1 new, 0 fixed, 0 expired: 1 new failure\(s\): CONTRACT-SENDMESSAGE-BODY-TO-FORMAT on MSG-SEND-TO-E164\n/,
    );
    expect(run.stdout).toContain('FAIL CONTRACT-SENDMESSAGE-BODY-TO-FORMAT [must] MSG-SEND-TO-E164  (NEW)');
    expect(run.stdout).toMatch(/::error title=CONTRACT-SENDMESSAGE-BODY-TO-FORMAT::new failure, not in the baseline/);
    const result = await results('more');
    expect(named(result.knownFailures?.new ?? [])).toEqual(['CONTRACT-SENDMESSAGE-BODY-TO-FORMAT on MSG-SEND-TO-E164']);
    const junit = await readFile(join(out('more'), 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<failure message="new failure, not in the baseline [^"]*: HTTP 201/);
    expect(await readFile(join(out('more'), 'summary.md'), 'utf8')).toMatch(/^# Conformance: ❌/);
  }, 120_000);

  it('no fault exits 1 naming the stale entries: "update the baseline"', async () => {
    const run = await conform([...suite, '--out', out('none'), '--baseline', file, '--reporter', 'github-actions', '--reporter', 'ctrf']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^CONFORMS \(fail-on should\)/m);
    expect(run.stdout).toMatch(
      /BASELINE FAILS \(.*\): 0 known, 0 new, 4 fixed, 0 expired: 4 fixed, still listed \(update the baseline: --baseline-update\): CONTRACT-/,
    );
    expect(run.stdout).toMatch(/::error title=stale baseline entry::CONTRACT-SENDMESSAGE-INVALID-400 on ERR-VALIDATION-400: fixed/);
    expect(named((await results('none')).knownFailures?.fixed ?? [])).toEqual(listed);
    const junit = await readFile(join(out('none'), 'junit.xml'), 'utf8');
    expect(junit.match(/type="stale-baseline"/g)).toHaveLength(4);
  }, 120_000);

  it('an entry past its until day exits 1; the same entry with a later day exits 0', async () => {
    const dated = (day: string): string => written.replace('requirement: MSG-SEND-MESSAGE-MAX\n', `requirement: MSG-SEND-MESSAGE-MAX\n    until: ${day}\n`);
    await writeFile(join(dir, 'expired.yaml'), dated('2001-01-31'));
    const run = await conform([...suite, ...tooLong, ...limit, '--out', out('expired'), '--baseline', join(dir, 'expired.yaml')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /BASELINE FAILS \(.*\): 3 known, 0 new, 0 fixed, 1 expired: 1 past their until: day: CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH on MSG-SEND-MESSAGE-MAX/,
    );
    expect((await results('expired')).knownFailures?.expired).toMatchObject([{ check: 'CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH', until: '2001-01-31' }]);
    await writeFile(join(dir, 'later.yaml'), dated('2999-12-31'));
    expect((await conform([...suite, ...tooLong, ...limit, '--out', out('later'), '--baseline', join(dir, 'later.yaml')])).code).toBe(0);
  }, 120_000);

  it('--baseline-update keeps the until days and comments of entries that stay, takes out the fixed ones, and writes the same bytes twice', async () => {
    const edited = written
      .replace('requirement: MSG-SEND-MESSAGE-MAX\n', 'requirement: MSG-SEND-MESSAGE-MAX\n    until: 2999-12-31\n')
      .replace('  - check: CONTRACT-SENDMESSAGE-INVALID-400', '  # the vendor fixes validation in Q3\n  - check: CONTRACT-SENDMESSAGE-INVALID-400');
    await writeFile(join(dir, 'edited.yaml'), edited);
    const argv = [...suite, ...tooLong, '--out', out('shrink'), '--baseline', join(dir, 'edited.yaml'), '--baseline-update'];
    const run = await conform(argv);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      'written: 0 added; 2 removed: CONTRACT-LISTMESSAGES-INVALID-400 on ERR-VALIDATION-400, CONTRACT-LISTMESSAGES-QUERY-LIMIT-MAXIMUM on MSG-LIST-LIMIT-MAX; 2 kept',
    );
    const once = await readFile(join(dir, 'edited.yaml'), 'utf8');
    expect(once).toContain('requirement: MSG-SEND-MESSAGE-MAX\n    until: 2999-12-31\n    reason: "body message of 1601 characters');
    expect(once).toContain('  # the vendor fixes validation in Q3\n  - check: CONTRACT-SENDMESSAGE-INVALID-400');
    expect(once).not.toContain('CONTRACT-LISTMESSAGES');
    expect((await conform(argv)).code).toBe(0);
    expect(await readFile(join(dir, 'edited.yaml'), 'utf8')).toBe(once);
  }, 120_000);

  it('an entry for a check this run does not select is neither known nor stale', async () => {
    const run = await conform(['--check', 'CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH', '--seed', '11', ...tooLong, '--out', out('one'), '--baseline', file]);
    expect(run.code, run.stdout).toBe(0);
    const outcome = (await results('one')).knownFailures;
    expect(named(outcome?.known ?? [])).toEqual(['CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH on MSG-SEND-MESSAGE-MAX']);
    expect(outcome?.notJudged.map((item) => item.note)).toEqual(['not in this run', 'not in this run', 'not in this run']);
  }, 120_000);
});
