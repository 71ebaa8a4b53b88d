import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reporterFor } from '../../reports/index.js';
import type { CheckResult, RunResult } from '../../suites/engine/index.js';
import { conform } from '../helpers/run-conform.js';

const fixtures = new URL('../fixtures/', import.meta.url);

/** ajv (draft-07, which also reads the HAR schemas' draft-06) with the published schemas of test/fixtures loaded. */
async function validators() {
  // the HAR schemas use the non-standard keywords "optional" and "min": not strict
  const ajv = new Ajv.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addMetaSchema((await import('ajv/dist/refs/json-schema-draft-06.json', { with: { type: 'json' } })).default);
  const harDir = new URL('har-schema/', fixtures);
  for (const name of (await readdir(harDir)).filter((file) => file.endsWith('.json')))
    ajv.addSchema(JSON.parse(await readFile(new URL(name, harDir), 'utf8')) as object);
  const ctrf = JSON.parse(await readFile(new URL('ctrf/ctrf-schema-0.0.json', fixtures), 'utf8')) as object;
  const har = ajv.getSchema('har.json#');
  if (!har) throw new Error('har.json# did not load');
  return { har, ctrf: ajv.compile(ctrf) };
}

interface HarEntry {
  pageref: string;
  startedDateTime: string;
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { text: string; comment?: string } };
  response: { status: number; content: { text?: string; comment?: string; size: number } };
}
interface Har {
  log: { pages: { id: string }[]; entries: HarEntry[] };
}
interface CtrfTest {
  testId: string;
  status: string;
  rawStatus: string;
  message?: string;
  trace?: string;
}
interface Ctrf {
  results: { summary: Record<string, number>; tests: CtrfTest[] };
}

let dir = '';
let result: RunResult;
let har: Har;
let ctrf: Ctrf;
let validate: Awaited<ReturnType<typeof validators>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'har-ctrf-'));
  // a failing fault, the reference-only skips of scenarios/auth, and a webhook suite whose secrets must not show
  const args = [
    '--suite',
    'contract/messages',
    '--suite',
    'scenarios/auth',
    '--suite',
    'scenarios/webhooks',
    '--fault',
    'accepts-1601-chars',
    '--seed',
    '11',
    '--runs',
    '3',
  ];
  const run = await conform([...args, '--out', dir, '--reporter', 'har', '--reporter', 'ctrf', '--reporter', 'json']);
  expect(run.code, run.stderr).toBe(1);
  result = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as RunResult;
  har = JSON.parse(await readFile(join(dir, 'exchanges.har'), 'utf8')) as Har;
  ctrf = JSON.parse(await readFile(join(dir, 'ctrf.json'), 'utf8')) as Ctrf;
  validate = await validators();
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('--reporter har', () => {
  it('is valid HAR 1.2 (the published har-schema) with every exchange of every check, a page per check', () => {
    expect(validate.har(har), JSON.stringify(validate.har.errors?.slice(0, 3))).toBe(true);
    const sent = result.checks.reduce((sum, check) => sum + check.exchanges, 0);
    expect(sent).toBeGreaterThan(100);
    expect(har.log.entries).toHaveLength(sent);
    expect(new Set(har.log.pages.map((page) => page.id))).toEqual(new Set(result.checks.filter((check) => check.exchanges > 0).map((check) => check.id)));
    // the failing exchange is there: the 1601-character message the faulty reference accepted
    const failing = har.log.entries.filter((entry) => entry.pageref === 'CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH' && entry.response.status === 201);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing[0]?.request.postData?.text.length).toBeGreaterThan(1600);
  });

  it('is redacted: API keys as [redacted], no signing secret the run saw', async () => {
    const keys = har.log.entries.flatMap((entry) => entry.request.headers.filter((header) => header.name === 'x-api-key').map((header) => header.value));
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys)).toEqual(new Set(['[redacted]']));
    const text = await readFile(join(dir, 'exchanges.har'), 'utf8');
    // the reference's signing secrets (whsec_ + 64 hex, returned on create and rotate) are scrubbed from the bodies
    expect(text).toContain('\\"signing_secret\\":\\"[redacted]\\"');
    expect(text).not.toMatch(/whsec_[0-9a-f]{8,}/);
  });

  it('cuts each body at 64 KB with a comment saying so', () => {
    const check = result.checks.find((c) => c.trace && c.trace.exchanges.length > 0) as CheckResult;
    const [first] = check.trace?.exchanges ?? [];
    const long = { ...first, bodyText: `${'x'.repeat(65_535)}😀${'y'.repeat(10_000)}` } as NonNullable<typeof first>;
    const one: RunResult = { ...result, checks: [{ ...check, trace: { firstIndex: 0, exchanges: [long] } }] };
    const rendered = JSON.parse(reporterFor('har').render(one)) as Har;
    const content = rendered.log.entries[0]?.response.content;
    // never inside the surrogate pair at the boundary
    expect(content?.text).toHaveLength(65_535);
    expect(content?.comment).toMatch(/body cut at 65535 of 75537 characters/);
    expect(content?.size).toBe(Buffer.byteLength(long.bodyText));
    expect(validate.har(rendered)).toBe(true);
  });
});

describe('--reporter ctrf', () => {
  it('is valid CTRF (the ctrf package schema) with a test per check and the run summary', () => {
    expect(validate.ctrf(ctrf), JSON.stringify(validate.ctrf.errors?.slice(0, 3))).toBe(true);
    const { byStatus } = result.summary;
    const summary = ctrf.results.summary;
    expect([summary.tests, summary.passed, summary.failed, summary.skipped]).toEqual([
      result.checks.length,
      byStatus.passed,
      byStatus.failed + byStatus.errored,
      byStatus.skipped,
    ]);
    expect(byStatus.failed).toBeGreaterThan(0);
    expect(byStatus.skipped).toBeGreaterThan(0);
    const failed = result.checks.find((check) => check.status === 'failed') as CheckResult;
    const test = ctrf.results.tests.find((t) => t.testId === failed.id);
    expect(test).toMatchObject({ status: 'failed', rawStatus: 'failed', message: failed.reason });
    // the lines that run it again, as every report prints them: the conform command, the reference alone, the curl at it
    const trace = (test?.trace ?? '').split('\n');
    expect(trace[0]).toMatch(new RegExp(`^rerun: npm run conform -- .*--fault accepts-1601-chars --check ${failed.id} --seed \\d+ --runs \\d+$`));
    expect(trace[1]).toMatch(/^reference alone: npm run simulator -- .*--fault accepts-1601-chars /);
    expect(trace[2]).toMatch(/^then: curl .*'http:\/\/127\.0\.0\.1:4099\/v1\/messages'/);
  });

  it("maps the engine's blocked to skipped and noted to passed, each with its reason, and stays valid", () => {
    const [a, b] = result.checks;
    const blocked = { ...a, status: 'blocked', reason: 'sendMessage does not work', blockedBy: 'CONTRACT-SENDMESSAGE-POSITIVE' } as unknown as CheckResult;
    const noted = { ...b, status: 'noted', reason: 'an observe-level deviation' } as unknown as CheckResult;
    const rendered = JSON.parse(reporterFor('ctrf').render({ ...result, checks: [blocked, noted] })) as Ctrf;
    expect(validate.ctrf(rendered), JSON.stringify(validate.ctrf.errors?.slice(0, 3))).toBe(true);
    expect(rendered.results.tests.map((t) => [t.status, t.rawStatus, t.message])).toEqual([
      ['skipped', 'blocked', 'blocked by CONTRACT-SENDMESSAGE-POSITIVE: sendMessage does not work'],
      ['passed', 'noted', 'noted: an observe-level deviation'],
    ]);
    expect([rendered.results.summary.skipped, rendered.results.summary.passed]).toEqual([1, 1]);
  });
});
