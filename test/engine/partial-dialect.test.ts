// Issue 24's acceptance: a third-party simulator that is only partly right (it names the message field `body`, lists
// under `messages` with offset pagination, has no GET /v1/user/me nor any webhook route, and refuses a valid status
// filter value), run as a new user would, without and with --dialect, and compared with the reference in parity.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runParity } from '../../parity/index.js';
import type { ParityResult } from '../../parity/index.js';
import type { CheckResult, RunResult } from '../../suites/engine/index.js';
import { parseDialect, profileFor, referenceTarget, urlTarget } from '../../targets/index.js';
import { conform } from '../helpers/run-conform.js';
import { freePort } from '../support/free-port.js';
import { startPartialTarget } from '../support/partial-target.js';
import type { PartialTarget } from '../support/partial-target.js';

/** The target's own names, as a user describes them. */
const dialect = ['message=body', 'list=messages', 'pagination.has_more=hasMore', 'pagination.offset=offset'];
const dialectFlags = dialect.flatMap((entry) => ['--dialect', entry]);
// the reference behind the proxy: its conventions, as a user would describe their target's
const conventions = ['--templates', 'examples/conventions/reference-templates.json', '--failing-recipient', '+15550009999'];

/** The third-party simulator: the reference behind a proxy that makes it partly right, its one webhook URL at `receiverPort`. */
function thirdParty(receiverPort: number): Promise<PartialTarget> {
  return startPartialTarget({
    missing: [{ method: 'GET', path: '/v1/user/me' }, { path: '/v1/webhooks/**' }],
    dialect: { fields: { message: 'body' }, listKey: 'messages', offsetPagination: { hasMore: 'hasMore' }, detailedErrors: true },
    refusedQuery: { status: ['pending'] },
    reference: { mode: 'simulator', extra: { webhookUrl: `http://127.0.0.1:${receiverPort}/simulator-webhook-url` } },
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'partial-dialect-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `npm run conform -- --target <the third party> --profile simulator …` in-process; its results.json. */
async function conformThirdParty(name: string, flags: readonly string[]): Promise<RunResult> {
  const receiverPort = await freePort();
  const partial = await thirdParty(receiverPort);
  try {
    const out = join(dir, name);
    const args = ['--target', partial.baseUrl, '--profile', 'simulator', '--receiver-port', String(receiverPort), ...conventions, '--seed', '7'];
    const run = await conform([...args, ...flags, '--reporter', 'json', '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    return JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
  } finally {
    await partial.stop();
  }
}

const byId = (result: RunResult): Map<string, CheckResult> => new Map(result.checks.map((c) => [c.id, c]));
const proven = (result: RunResult): number => result.summary.requirements.covered;
// operations the third party does not have at all: what fails there is theirs, folded under their roots
const missingOperations = new Set(['getCurrentUser', 'listWebhooks', 'createWebhook']);

describe('a third-party simulator that is only partly right, without --dialect', () => {
  let result: RunResult;
  beforeAll(async () => {
    result = await conformThirdParty('plain', []);
    console.log(`without --dialect: ${proven(result)} requirements proven or broken; ${JSON.stringify(result.summary.byStatus)}`);
  }, 240_000);

  it('passes nothing without evidence: every pass rests on an observation, and nothing about a missing route passes', () => {
    const passed = result.checks.filter((c) => c.status === 'passed' && !c.suite.startsWith('history/'));
    expect(passed.length).toBeGreaterThan(5);
    expect(passed.filter((c) => (c.evidence?.length ?? 0) === 0).map((c) => c.id)).toEqual([]);
    const checks = byId(result);
    for (const id of ['CONTRACT-GETCURRENTUSER-ASSUMED-SHAPE', 'USER-ME-SHAPE']) expect(checks.get(id)?.status, id).not.toBe('passed');
    expect(result.requirements.find((r) => r.id === 'USER-ME-SHAPE')?.status).not.toBe('passed');
  });

  it("runs the list's input-validation checks (its answers are 2xx in another shape), and the refused valid filter value is a failure", () => {
    const checks = byId(result);
    const validation = result.checks.filter((c) => /^CONTRACT-LISTMESSAGES-QUERY-/.test(c.id));
    expect(validation.length).toBeGreaterThan(4);
    for (const check of validation) expect(['passed', 'failed'], `${check.id}: ${check.status} ${check.reason ?? ''}`).toContain(check.status);
    // issue 34: the refusal fails the filter's own rule (must), not the success status (should)
    const filter = result.requirements.find((r) => r.id === 'MSG-LIST-FILTER-STATUS');
    expect(filter?.status).toBe('failed');
    expect(filter?.brokenBy?.map((b) => b.exchange).join(' ')).toMatch(/status=pending.* → 400/);
    expect(checks.get('CONTRACT-LISTMESSAGES-SUCCESS-STATUS')?.status).not.toBe('failed');
  });

  it('says what the target expects: its own detail for the refused send, the renamed list fields, a plain counterexample', () => {
    const ops = new Map(result.operations.map((o) => [o.operationId, o]));
    expect(ops.get('sendMessage')).toMatchObject({ state: 'refuses-valid-input', status: 400, message: 'Invalid request data: body is required' });
    expect(ops.get('listMessages')).toMatchObject({ state: 'wrong-shape', status: 200 });
    expect(ops.get('listMessages')?.renamed).toEqual(expect.arrayContaining([{ at: '', spec: 'data', target: 'messages', source: 'spec §2.2' }]));
    // decision 31: the run names the --dialect a user of this target would write by hand (the one the next runs use)
    expect([...(result.dialectHint ?? [])].sort()).toEqual([...dialect].sort());
    expect(byId(result).get('CONTRACT-SENDMESSAGE-POSITIVE')?.counterexample).toMatchObject({
      body: { to: '+14155550123', from: '+14155550100', message: 'Hello from the conformance harness' },
    });
  });

  it('blames only what broke: no VER-PATH-PREFIX for a missing route, one root cause per refused request, probes that fall through', () => {
    expect(result.requirements.find((r) => r.id === 'VER-PATH-PREFIX')?.status).not.toBe('failed');
    const checks = byId(result);
    expect(checks.get('TIER-SCENARIO-GROWTH-FREEFORM')).toMatchObject({ status: 'failed', foldedInto: 'CONTRACT-SENDMESSAGE-POSITIVE' });
    expect(result.requirements.find((r) => r.id === 'TIER-GROWTH-FREEFORM')?.status).not.toBe('failed');
    // GET /v1/user/me is missing; GET /v1/messages answers any key and no rate limit
    expect(checks.get('AUTH-SCENARIO-SIMULATOR-ANY-KEY')?.status).toBe('passed');
    expect(checks.get('RATE-SCENARIO-SIMULATOR-NO-LIMIT')?.status).toBe('passed');
    // a failure the harness observed is never turned into blocked: a blocked check that sent saw nothing it grades
    // (issue 34: the success status of a send refused everything is not judged on the refusals)
    for (const check of result.checks.filter((c) => c.status === 'blocked' && c.exchanges > 0))
      expect(check.reason, check.id).toMatch(/observed nothing it could grade/);
  });
});

describe('the same target with --dialect', () => {
  let result: RunResult;
  beforeAll(async () => {
    result = await conformThirdParty('dialect', dialectFlags);
    console.log(`with --dialect: ${proven(result)} requirements proven or broken; ${JSON.stringify(result.summary.byStatus)}`);
  }, 240_000);

  it('runs every messages, pagination, idempotency and round-trip check through the mapping', () => {
    const area = result.checks.filter((c) => /^(contract\/messages|scenarios\/(pagination|idempotency|round-trip))/.test(c.suite));
    expect(area.length).toBeGreaterThan(60);
    // what needs an operation the target does not have at all (a payload round trip needs a webhook) is blocked by it
    const missing = new Set(result.operations.filter((o) => o.state === 'not-implemented').map((o) => o.checkId));
    const notRun = area.filter((c) => (c.status === 'blocked' && !missing.has(c.blockedBy)) || (c.status === 'skipped' && !/profile/.test(c.reason ?? '')));
    expect(notRun.map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`)).toEqual([]);
  });

  it('fails only the naming requirements and the refused filter value, besides the operations the target does not have', () => {
    const failed = result.checks.filter((c) => c.status === 'failed' && c.foldedInto === undefined);
    const rooted = failed.filter((c) => !missingOperations.has(c.failedOperation ?? c.baselineFor ?? ''));
    expect(rooted.map((c) => c.id).sort()).toEqual([
      'CONTRACT-LISTMESSAGES-POSITIVE',
      'DIALECT-ANSWER-NAMES',
      'DIALECT-DECIDED-NAMES',
      'DIALECT-REQUEST-NAMES',
    ]);
    const checks = byId(result);
    expect(checks.get('CONTRACT-LISTMESSAGES-POSITIVE')?.reason).toMatch(
      /refuses the valid status=pending: it answered 400 "Invalid request data: status must not be pending"/,
    );
    // each mapped name once, as the failure of the requirement that names it
    expect(checks.get('DIALECT-REQUEST-NAMES')).toMatchObject({ violated: ['MSG-SEND-SUCCESS-2XX'] });
    expect(checks.get('DIALECT-REQUEST-NAMES')?.reason).toMatch(
      /with the spec's message \(the target's body\) answered 400: "Invalid request data: body is required"/,
    );
    expect(checks.get('DIALECT-ANSWER-NAMES')?.violated?.slice().sort()).toEqual(['MSG-FIELDS-REQUIRED', 'MSG-LIST-ENVELOPE']);
    expect(checks.get('DIALECT-DECIDED-NAMES')).toMatchObject({ violated: ['PAGE-OBJECT-FIELDS'] });
    const status = (id: string) => result.requirements.find((r) => r.id === id)?.status;
    for (const id of ['MSG-LIST-ENVELOPE', 'MSG-FIELDS-REQUIRED', 'PAGE-OBJECT-FIELDS', 'MSG-SEND-SUCCESS-2XX', 'MSG-LIST-FILTER-STATUS'])
      expect(status(id), id).toBe('failed');
    // behind the naming gap, tested and kept
    for (const id of ['MSG-SEND-MESSAGE-MAX', 'MSG-LIST-LIMIT-MAX', 'PAGE-TOTAL-CONSISTENT', 'IDEM-REPLAY', 'MSG-SEND-ECHO', 'MSG-LIST-ECHO'])
      expect(status(id), id).toBe('passed');
  });
});

describe('the same target compared with the reference in parity mode', () => {
  let result: ParityResult;
  let partial: PartialTarget;
  beforeAll(async () => {
    const receiverPort = await freePort();
    partial = await thirdParty(receiverPort);
    const b = urlTarget(
      partial.baseUrl,
      profileFor('simulator'),
      {},
      {
        name: partial.baseUrl,
        receiverPort,
        conventions: { dialect: parseDialect(dialect, '--compare-dialect') as NonNullable<ReturnType<typeof parseDialect>> },
      },
    );
    result = await runParity({
      a: { target: referenceTarget({ mode: 'simulator' }), spec: 'reference:simulator' },
      b: { target: b, spec: partial.baseUrl },
      seed: 7,
      runs: 5,
    });
  }, 240_000);
  afterAll(async () => {
    await partial?.stop();
  });

  it("shows A's accepted request and answer beside B's per operation: the renamed fields side by side", () => {
    const pairs = new Map(result.accepted.map((pair) => [pair.operationId, pair]));
    const send = pairs.get('sendMessage');
    expect(send?.a?.request).toContain('"message":"Hello from the conformance harness"');
    expect(send?.b?.request).toContain('"body":"Hello from the conformance harness"');
    expect(send?.names).toEqual(['request: A message, B body', 'answer: A message, B body']);
    expect(pairs.get('listMessages')?.names.join('; ')).toMatch(/answer: A data, .*pagination\.page.*B messages, .*pagination\.offset/);
    expect(pairs.get('createWebhook')?.a).toBeDefined();
    expect(pairs.get('createWebhook')?.b).toBeUndefined();
  });
});
