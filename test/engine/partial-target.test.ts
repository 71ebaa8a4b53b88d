import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, RunResult } from '../../suites/engine/index.js';
import { conform } from '../helpers/run-conform.js';
import { startPartialTarget } from '../support/partial-target.js';
import type { PartialTargetOptions } from '../support/partial-target.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'partial-target-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs `conform --target <partial URL> --profile simulator` in-process and reads its results.json. */
async function conformPartial(name: string, options: PartialTargetOptions): Promise<{ code: number; result: RunResult; stderr: string }> {
  const partial = await startPartialTarget(options);
  try {
    const out = join(dir, name);
    // the reference behind the proxy: its conventions are described as a user would describe their target's
    const conventions = ['--templates', 'examples/conventions/reference-templates.json', '--failing-recipient', '+15550009999'];
    const run = await conform(
      ['--target', partial.baseUrl, '--profile', 'simulator', '--receiver-port', '0', ...conventions, '--seed', '7', '--reporter', 'json', '--out', out],
      {
        CONFORM_API_KEY: partial.keys.growth as string,
        CONFORM_STARTER_API_KEY: partial.keys.starter as string,
      },
    );
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    return { code: run.code, result, stderr: run.stderr };
  } finally {
    await partial.stop();
  }
}

const byId = (result: RunResult): Map<string, CheckResult> => new Map(result.checks.map((c) => [c.id, c]));
const webhookSuite = /webhook|deliver|signature|lifecycle|url-rules/;

describe('a partial implementation: no GET /v1/user/me, no /v1/webhooks routes (DESIGN.md §3 "Test whatever exists")', () => {
  let code: number;
  let result: RunResult;
  beforeAll(async () => {
    ({ code, result } = await conformPartial('missing', { missing: [{ method: 'GET', path: '/v1/user/me' }, { path: '/v1/webhooks/**' }] }));
  }, 180_000);

  it('runs everything (exit 1, never 2) and the implemented areas pass', () => {
    expect(code).toBe(1);
    expect(result.setupError).toBeUndefined();
    const implemented = result.checks.filter(
      (c) => /^contract\/messages|^scenarios\/(pagination|idempotency|templates)/.test(c.suite) && !c.requirements.some((r) => r.startsWith('WH-')),
    );
    expect(implemented.length).toBeGreaterThan(40);
    const bad = implemented.filter((c) => c.status !== 'passed' && c.status !== 'skipped');
    expect(bad.map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`)).toEqual([]);
    expect(implemented.filter((c) => c.status === 'passed').length).toBeGreaterThan(40);
  });

  it('reports the missing operations as not implemented, once, and blocks what needs them', () => {
    const ops = new Map(result.operations.map((o) => [o.operationId, o]));
    for (const id of ['getCurrentUser', 'createWebhook', 'listWebhooks']) {
      expect(ops.get(id), id).toMatchObject({ state: 'not-implemented', status: 404, message: expect.stringMatching(/^Cannot (GET|POST) \/v1\//) });
    }
    // these need a webhook id: the route cannot be tried without createWebhook, so they are blocked by it
    for (const id of ['updateWebhook', 'deleteWebhook', 'rotateWebhookSecret', 'testWebhook', 'listWebhookDeliveries']) {
      expect(ops.get(id), id).toMatchObject({ state: 'blocked', blockedBy: 'CONTRACT-CREATEWEBHOOK-POSITIVE' });
    }
    for (const id of ['listMessages', 'sendMessage', 'sendTemplateMessage', 'getMessage']) expect(ops.get(id)?.state, id).toBe('works');
    const checks = byId(result);
    expect(checks.get('USER-ME-CONNECTION')?.reason).toMatch(/^not implemented: GET \/v1\/user\/me answered 404 to valid input: Cannot GET/);
    // the operation is reported once: its later baselines stay failed, folded under the first (one root cause)
    expect(checks.get('CONTRACT-GETCURRENTUSER-POSITIVE')).toMatchObject({ status: 'failed', foldedInto: 'USER-ME-CONNECTION' });
    expect(result.rootCauses.find((r) => r.checkId === 'USER-ME-CONNECTION')?.same).toContain('CONTRACT-GETCURRENTUSER-POSITIVE');
    const blocked = result.checks.filter((c) => c.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(50);
    for (const check of blocked) expect(check.blockedBy && checks.has(check.blockedBy), check.id).toBe(true);
    expect(blocked.filter((c) => webhookSuite.test(c.suite)).length).toBeGreaterThan(30);
    // every blocked check leads to a root failure, and the roots list them
    const rooted = new Set(result.rootCauses.flatMap((r) => r.blocks));
    expect(blocked.filter((c) => !rooted.has(c.id)).map((c) => c.id)).toEqual([]);
    expect(result.rootCauses[0]?.checkId).toBe('CONTRACT-CREATEWEBHOOK-POSITIVE');
    for (const root of result.rootCauses) expect(['failed', 'errored']).toContain(checks.get(root.checkId)?.status);
  });

  it('fails no requirement that only blocked checks touch, and coverage counts only proven or broken ones', () => {
    const checks = byId(result);
    for (const row of result.requirements.filter((r) => r.status === 'failed')) {
      const breaking = row.checks.map((id) => checks.get(id)).filter((c) => c?.status === 'failed');
      expect(breaking.length, row.id).toBeGreaterThan(0);
    }
    // the implemented part's requirements are proven, not failed
    for (const id of ['MSG-LIST-LIMIT-MAX', 'MSG-SEND-MESSAGE-MAX']) expect(result.requirements.find((r) => r.id === id)?.status, id).toBe('passed');
    const onlyBlocked = result.requirements.filter((r) => r.checks.length > 0 && r.checks.every((id) => checks.get(id)?.status === 'blocked'));
    expect(onlyBlocked.length).toBeGreaterThan(5);
    for (const row of onlyBlocked) expect(row, row.id).toMatchObject({ status: 'unproven', covered: false });
    const covered = result.requirements.filter((r) => r.covered).length;
    expect(result.summary.requirements.covered).toBe(covered);
    expect(result.requirements.filter((r) => r.covered).every((r) => ['passed', 'failed', 'noted'].includes(r.status))).toBe(true);
    expect(result.summary.byStatus.blocked).toBe(result.checks.filter((c) => c.status === 'blocked').length);
  });
});

describe('a partial implementation that names the message field of POST /v1/messages "body"', () => {
  it("shows sendMessage refusing valid input with the target's own message, as the root cause that blocks the most", async () => {
    const { code, result } = await conformPartial('renamed', { dialect: { fields: { message: 'body' } } });
    expect(code).toBe(1);
    const send = result.operations.find((o) => o.operationId === 'sendMessage');
    expect(send).toMatchObject({ state: 'refuses-valid-input', status: 400, message: 'body is required', checkId: 'CONTRACT-SENDMESSAGE-POSITIVE' });
    expect(result.operations.find((o) => o.operationId === 'getMessage')).toMatchObject({ state: 'blocked', blockedBy: 'CONTRACT-SENDMESSAGE-POSITIVE' });
    const [first, second] = result.rootCauses;
    expect(first?.checkId).toBe('CONTRACT-SENDMESSAGE-POSITIVE');
    expect(first?.blocks.length).toBeGreaterThan(second?.blocks.length ?? 0);
    expect(first?.blocks.length).toBeGreaterThan(15);
    const checks = byId(result);
    // an idempotency check that needs sendMessage is blocked, not failed with a reason that hides the 400
    expect(checks.get('IDEM-SCENARIO-REPLAY-FREEFORM')).toMatchObject({ status: 'blocked', blockedBy: 'CONTRACT-SENDMESSAGE-POSITIVE' });
  }, 180_000);
});

describe('the clean embedded reference', () => {
  it('conforms: every check that applies passes, nothing is blocked, every operation works', async () => {
    const out = join(dir, 'clean');
    const run = await conform(['--seed', '7', '--reporter', 'json', '--out', out]);
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    expect(run.code).toBe(0);
    expect(result.checks.filter((c) => c.status !== 'passed' && c.status !== 'skipped').map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`)).toEqual([]);
    expect(result.operations.map((o) => o.state)).toEqual(result.operations.map(() => 'works'));
    expect(result.rootCauses).toEqual([]);
  }, 120_000);
});
