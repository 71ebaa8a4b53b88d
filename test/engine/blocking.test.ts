import { describe, expect, it } from 'vitest';
import { foldFailures } from '../../suites/engine/blocking.js';
import { operationOfRequest } from '../../suites/engine/operation-of-request.js';
import { operationsOverview } from '../../suites/engine/operations-overview.js';
import type { CheckResult } from '../../results/run-result.js';
import { rootCauses } from '../../suites/engine/root-causes.js';
import { exitCodeFor, requirementsMatrix } from '../../suites/engine/summarize.js';
import type { Requirement } from '../../spec/requirements.js';
import { loadRegistry } from '../../suites/index.js';
import { operations } from '../../spec/index.js';

const tierRequirement = { id: 'TIER-GROWTH-FREEFORM', section: '§1', level: 'must', text: 'Growth may send free-form' } as Requirement;

const result = (id: string, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  suite: 'test/blocking',
  requirements: ['ERR-VALIDATION-4XX'],
  level: 'must',
  status: 'passed',
  durationMs: 1,
  exchanges: 1,
  ...over,
});

describe('operationOfRequest', () => {
  it('maps method and URL path to the contract operation, literal segments first, with a base path prefix', () => {
    expect(operationOfRequest('POST', 'http://h/v1/messages/send-template')).toBe('sendTemplateMessage');
    expect(operationOfRequest('GET', 'http://h/v1/messages/abc?x=1')).toBe('getMessage');
    expect(operationOfRequest('post', 'http://h/api/v1/webhooks/0b0f/rotate-secret')).toBe('rotateWebhookSecret');
    expect(operationOfRequest('GET', 'http://h/v1/user/me')).toBe('getCurrentUser');
    expect(operationOfRequest('PATCH', 'http://h/v1/messages')).toBeUndefined();
    expect(operationOfRequest('GET', 'http://h/health')).toBeUndefined();
  });

  it('every uses of the real checks names a contract operation', async () => {
    const known = new Set(operations.map((o) => o.id));
    const registry = await loadRegistry();
    const unknown = registry.all().flatMap((c) => (c.uses ?? []).filter((op) => !known.has(op)).map((op) => `${c.id}: ${op}`));
    expect(unknown).toEqual([]);
    expect(registry.all().filter((c) => c.uses?.includes('createWebhook')).length).toBeGreaterThan(20);
  });
});

describe('foldFailures (pure, end of run): a failure stays a failure, folded under its cause', () => {
  const createBaseline = result('B-CREATE', { baselineFor: 'createWebhook', status: 'failed', failedOperation: 'createWebhook', answer: { status: 500 } });
  const user = result('C-USES', { status: 'failed', failedOperation: 'createWebhook', violated: ['ERR-VALIDATION-4XX'], reason: 'setting up: 500' });

  it('folds a failure in an operation that accepts no valid input under that baseline, status and reason kept', () => {
    const [, folded] = foldFailures([createBaseline, user]);
    expect(folded).toMatchObject({ status: 'failed', foldedInto: 'B-CREATE', reason: 'setting up: 500', violated: ['ERR-VALIDATION-4XX'] });
    expect(rootCauses(foldFailures([createBaseline, user]))).toEqual([{ checkId: 'B-CREATE', same: ['C-USES'], blocks: [] }]);
  });

  it('folds a failure in an operation that accepts valid input only when it answered what the baseline did', () => {
    const list = result('B-LIST', { baselineFor: 'listMessages', status: 'failed', accepted: true, failedOperation: 'listMessages', answer: { status: 200 } });
    const refused = { failedOperation: 'listMessages', answer: { status: 400, message: 'status must not be pending', expected: '200' } };
    const checks = foldFailures([list, result('C-STATUS', { status: 'failed', ...refused }), result('C-FILTER', { status: 'failed', ...refused })]);
    // the refusal is its own root cause (the baseline failed on the shape); the same refusal again is one cause
    expect(checks.map((c) => `${c.id} ${c.status} ${c.foldedInto ?? ''}`.trim())).toEqual(['B-LIST failed', 'C-STATUS failed', 'C-FILTER failed C-STATUS']);
    expect(rootCauses(checks)).toEqual([
      { checkId: 'C-STATUS', same: ['C-FILTER'], blocks: [] },
      { checkId: 'B-LIST', same: [], blocks: [] },
    ]);
  });

  it('folds a second positive send refused like the baseline (the same refused request is one root cause)', () => {
    const answer = { status: 400, message: 'body is required', expected: '2xx' };
    const send = result('B-SEND', { baselineFor: 'sendMessage', status: 'failed', failedOperation: 'sendMessage', answer });
    const tier = result('C-TIER', { requirements: ['TIER-GROWTH-FREEFORM'], status: 'failed', failedOperation: 'sendMessage', answer });
    const checks = foldFailures([send, tier]);
    expect(checks[1]).toMatchObject({ status: 'failed', foldedInto: 'B-SEND' });
    // a folded failure shows none of its own requirements broken: they stay unproven
    expect(requirementsMatrix([tierRequirement], checks)[0]).toMatchObject({ status: 'unproven', covered: false });
  });

  it("folds a 2xx answer with the baseline's wrong shape (same names differing, or same pointer) only when it breaks nothing more", () => {
    const renamed = [{ at: '', spec: 'id', target: 'message_id', source: 'spec §2.1' }];
    const send = result('B-SEND', {
      baselineFor: 'sendMessage',
      status: 'failed',
      accepted: true,
      failedOperation: 'sendMessage',
      violated: ['MSG-FIELDS-REQUIRED'],
      answer: { status: 201, message: 'Hello', pointer: '/id', renamed },
    });
    const failing = (id: string, over: Partial<CheckResult>) => result(id, { status: 'failed', failedOperation: 'sendMessage', ...over });
    const checks = foldFailures([
      send,
      // another text, the same name differing: one cause
      failing('C-RENAMED', { violated: ['MSG-FIELDS-REQUIRED'], answer: { status: 201, message: 'conformance 1', renamed } }),
      // the same pointer, no names given
      failing('C-POINTER', { violated: ['MSG-FIELDS-REQUIRED'], answer: { status: 201, message: 'conformance 2', pointer: '/id' } }),
      // breaks one requirement more: its own finding stays a root
      failing('C-MORE', { violated: ['MSG-FIELDS-REQUIRED', 'TPL-RESPONSE'], answer: { status: 201, message: 'conformance 3', renamed } }),
      // another pointer: another wrong shape
      failing('C-OTHER', { violated: ['MSG-FIELDS-REQUIRED'], answer: { status: 201, message: 'conformance 4', pointer: '/status' } }),
      // a refusal is never the baseline's wrong shape
      failing('C-REFUSED', { violated: ['MSG-FIELDS-REQUIRED'], answer: { status: 400, message: 'no', pointer: '/id', expected: '2xx' } }),
    ]);
    expect(checks.map((c) => `${c.id} ${c.status} ${c.foldedInto ?? ''}`.trim())).toEqual([
      'B-SEND failed',
      'C-RENAMED failed B-SEND',
      'C-POINTER failed B-SEND',
      'C-MORE failed',
      'C-OTHER failed',
      'C-REFUSED failed',
    ]);
  });

  it('leaves a failure in its own baseline operation, or in a working one, a root failure', () => {
    const own = result('C-OWN', { status: 'failed', failedOperation: 'sendMessage' });
    const checks = foldFailures([createBaseline, result('B-SEND', { baselineFor: 'sendMessage' }), own]);
    expect(checks.map((c) => `${c.status} ${c.foldedInto ?? ''}`.trim())).toEqual(['failed', 'passed', 'failed']);
  });

  it('never folds two baselines into each other: the earlier in plan order stays the root', () => {
    const a = result('B-A', { baselineFor: 'createWebhook', status: 'failed', failedOperation: 'sendMessage' });
    const b = result('B-B', { baselineFor: 'sendMessage', status: 'failed', failedOperation: 'createWebhook' });
    const checks = foldFailures([a, b]);
    expect(checks.map((c) => `${c.id} ${c.status} ${c.foldedInto ?? ''}`.trim())).toEqual(['B-A failed', 'B-B failed B-A']);
    expect(rootCauses(checks)).toEqual([{ checkId: 'B-A', same: ['B-B'], blocks: [] }]);
  });

  it('is order-free over finishing order and idempotent (a merge of shards recomputes it alike)', () => {
    const checks = [createBaseline, user, result('C-OTHER', { status: 'errored', failedOperation: 'createWebhook' })];
    const once = foldFailures(checks);
    expect(foldFailures(once)).toEqual(once);
  });
  it("folds a failure a history check explains under it (a 404 on a webhook that vanished), even its operation's baseline, and never the other way", () => {
    const deliveries = result('B-DELIVERIES', {
      baselineFor: 'listWebhookDeliveries',
      status: 'failed',
      failedOperation: 'listWebhookDeliveries',
      answer: { status: 404, message: 'webhook w1 does not exist', expected: '2xx' },
    });
    const other = result('C-OTHER', { status: 'failed', failedOperation: 'testWebhook', answer: { status: 404, message: 'webhook w2 does not exist' } });
    const vanished = result('H-FOUND', {
      status: 'failed',
      failedOperation: 'listWebhookDeliveries',
      answer: { status: 404, message: 'webhook w1 does not exist' },
      explains: [
        { check: 'B-DELIVERIES', status: 404 },
        { check: 'C-OTHER', status: 500 },
      ],
    });
    const blocked = result('C-BLOCKED', { status: 'blocked', blockedBy: 'B-DELIVERIES' });
    const folded = foldFailures([deliveries, other, blocked, vanished]);
    expect(folded.map((c) => `${c.id} ${c.status} ${c.foldedInto ?? ''}`.trim())).toEqual([
      'B-DELIVERIES failed H-FOUND',
      'C-OTHER failed',
      'C-BLOCKED blocked',
      'H-FOUND failed',
    ]);
    // the explained status must match: C-OTHER got 404, the history check explains a 500 of it
    expect(rootCauses(folded)[0]).toEqual({ checkId: 'H-FOUND', same: ['B-DELIVERIES'], blocks: ['C-BLOCKED'] });
  });
});

describe('rootCauses, operations overview and the exit code', () => {
  const checks = foldFailures([
    result('B-SEND', { baselineFor: 'sendMessage', status: 'failed', failedOperation: 'sendMessage', answer: { status: 400, message: 'body is required' } }),
    result('B-GET', { baselineFor: 'getMessage', status: 'failed', failedOperation: 'sendMessage' }),
    result('B-LIST', { baselineFor: 'listMessages', status: 'failed', failedOperation: 'listMessages', answer: { status: 200, pointer: '/pagination' } }),
    result('C-NEG', { status: 'blocked', blockedBy: 'B-GET' }),
    result('C-OBS', { level: 'observe', status: 'noted' }),
  ]);

  it('orders root causes by how many checks they block (transitively), then plan order', () => {
    expect(rootCauses(checks)).toEqual([
      { checkId: 'B-SEND', same: ['B-GET'], blocks: ['C-NEG'] },
      { checkId: 'B-LIST', same: [], blocks: [] },
    ]);
  });

  it('says per operation what the run found', () => {
    const rows = new Map(operationsOverview(checks).map((row) => [row.operationId, row]));
    expect(rows.get('sendMessage')).toMatchObject({ state: 'refuses-valid-input', status: 400, message: 'body is required', checkId: 'B-SEND' });
    expect(rows.get('getMessage')).toMatchObject({ state: 'blocked', blockedBy: 'B-SEND' });
    expect(rows.get('listMessages')).toMatchObject({ state: 'wrong-shape', pointer: '/pagination' });
    expect(rows.get('createWebhook')).toEqual({ operationId: 'createWebhook', method: 'POST', path: '/v1/webhooks', state: 'not-tried' });
    expect(operationsOverview(checks)).toHaveLength(operations.length);
  });

  it('fails the run on a root failure or a blocked check at or above --fail-on; noted never fails', () => {
    expect(exitCodeFor(checks, 'must')).toBe(1);
    const shouldRoot = [result('S', { level: 'should', status: 'failed' }), result('M', { status: 'blocked', blockedBy: 'S' })];
    expect(exitCodeFor(shouldRoot, 'must')).toBe(1);
    expect(exitCodeFor([result('S', { level: 'should', status: 'failed' })], 'must')).toBe(0);
    expect(exitCodeFor([result('O', { level: 'observe', status: 'noted' })], 'should')).toBe(0);
  });
});
