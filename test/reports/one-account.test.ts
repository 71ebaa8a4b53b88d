import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

/**
 * Issue 25 item 5, "one account of the run": on a real run whose root cause blocks dozens of checks (the reference
 * with `create-events-renamed`), the console's live lines, its table and verdict line, and every report tell the same
 * status for every check and the same counts.
 */
type Status = 'passed' | 'failed' | 'errored' | 'blocked' | 'noted' | 'skipped';
const statuses: readonly Status[] = ['passed', 'failed', 'errored', 'blocked', 'noted', 'skipped'];

let dir: string;
let stdout = '';
let stderr = '';
let code = 0;
let truth: Map<string, Status>;
let counts: Record<Status, number>;

const tally = (byCheck: ReadonlyMap<string, string>): Record<string, number> =>
  Object.fromEntries(statuses.map((status) => [status, [...byCheck.values()].filter((s) => s === status).length]));
const file = (name: string): Promise<string> => readFile(join(dir, name), 'utf8');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'one-account-'));
  ({ code, stdout, stderr } = await conform(['--fault', 'create-events-renamed', '--seed', '7', '--out', dir, '--reporter', 'ctrf']));
  const result = JSON.parse(await file('results.json')) as { checks: { id: string; status: Status }[]; summary: { byStatus: Record<Status, number> } };
  truth = new Map(result.checks.map((check) => [check.id, check.status]));
  counts = tally(truth) as Record<Status, number>;
  expect(result.summary.byStatus).toMatchObject(counts);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('one account of a run with blocked checks', () => {
  it('the run has failures and blocked checks to account for', () => {
    expect(code).toBe(1);
    expect(counts.failed).toBeGreaterThan(0);
    expect(counts.blocked).toBeGreaterThanOrEqual(10);
  });

  it('console: one live line per check with its final status, the table and the verdict line say the same counts', () => {
    const live = new Map<string, string>();
    // live lines go to stderr, the summary and the verdict to stdout
    for (const [, word, id] of stderr.matchAll(/^([A-Z]+) \[\d+\/\d+\] \S+ (\S+)/gm)) {
      expect(live.has(id as string), `${id} printed twice`).toBe(false);
      live.set(
        id as string,
        (word as string)
          .toLowerCase()
          .replace(/^pass$/, 'passed')
          .replace(/^fail$/, 'failed')
          .replace(/^skip$/, 'skipped'),
      );
    }
    expect(live).toEqual(truth);
    const all = /^all\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$/m.exec(stdout);
    expect(all?.slice(1).map(Number)).toEqual(statuses.map((status) => counts[status]));
    const line = statuses.map((status) => `${counts[status]} ${status}`).join(', ');
    expect(stdout).toContain(`DOES NOT CONFORM (fail-on should): ${line}`);
  });

  it('summary.md and report.html: the verdict line, every check row and the HTML nav agree', async () => {
    const line = statuses.map((status) => `${counts[status]} ${status}`).join(', ');
    const markdown = await file('summary.md');
    expect(markdown.split('\n')[0]).toContain(line);
    const html = await file('report.html');
    expect(/<h1>([^<]*)<\/h1>/.exec(html)?.[1]).toContain(line);
    const table = html.slice(html.indexOf('id="checks"'));
    const rows = new Map(
      [...table.matchAll(/<tr[^>]*><td><code>([A-Z0-9-]+)<\/code><\/td>.*?<span class="pill ([a-z]+)">/g)].map(([, id, status]) => [
        id as string,
        status as string,
      ]),
    );
    expect(rows).toEqual(truth);
    // the nav's root causes, the failures their cards fold in ("N more failure(s) with this cause") and the other
    // failures are the run's failures, split (none lost, none twice)
    const nav = (anchor: string): number => Number(new RegExp(`href="#${anchor}">[^<]*<span class="count">(\\d+)`).exec(html)?.[1] ?? 0);
    const folded = [...html.matchAll(/(\d+) more failure\(s\) with this cause/g)].reduce((sum, [, n]) => sum + Number(n), 0);
    expect(nav('root-causes') + folded + nav('failures')).toBe(counts.failed + counts.errored);
    expect(nav('checks')).toBe(truth.size);
  });

  it('junit.xml and ctrf.json: one test per check with its status, and totals that add up', async () => {
    const junit = await file('junit.xml');
    const cases = new Map(
      [...junit.matchAll(/<testcase classname="[^"]*" name="([A-Z0-9-]+):[\s\S]*?<property name="status" value="([a-z]+)"\/>/g)].map(([, id, status]) => [
        id as string,
        status as string,
      ]),
    );
    expect(cases).toEqual(truth);
    const top = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)"/.exec(junit)?.slice(1).map(Number);
    // JUnit has no blocked or noted: blocked and skipped are its skipped, noted its passed
    expect(top).toEqual([truth.size, counts.failed, counts.errored, counts.blocked + counts.skipped]);
    const ctrf = JSON.parse(await file('ctrf.json')) as { results: { summary: Record<string, number>; tests: { name: string }[] } };
    expect(ctrf.results.tests).toHaveLength(truth.size);
    expect(ctrf.results.summary).toMatchObject({
      tests: truth.size,
      passed: counts.passed + counts.noted,
      failed: counts.failed + counts.errored,
      skipped: counts.blocked + counts.skipped,
    });
  });
});
