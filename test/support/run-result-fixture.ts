// Hand-built RunResults for the reporter tests: a clean run, a partial target (issue 14) and a run with 200 long
// failures. The requirement rows come from the real catalogue and the operations from the real contract.
import { operations } from '../../spec/contract.js';
import { requirements } from '../../spec/requirements.js';
import type { CheckResult, CheckStatus, MatrixStatus, OperationRow, RequirementRow, Level, RootCause, RunResult } from '../../results/run-result.js';

/** The hostile string a target may put in its error message: ESC (a colour) and C1 CSI (clear screen). */
export const hostileMessage = 'Not Found\u001b[31m red\u009b2J';

const base = 'http://127.0.0.1:4001';

/** A check with defaults (passed must check of contract/messages). */
export function check(id: string, over: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    title: `title of ${id}`,
    suite: 'contract/messages',
    requirements: ['MSG-SEND-STATUS-201'],
    level: 'must',
    status: 'passed',
    durationMs: 12,
    exchanges: 3,
    ...over,
  };
}

/** A failed check whose reason quotes the target's answer the way the engine's expectStatus does. */
export function failedCheck(id: string, method: string, path: string, status: number, body: string, over: Partial<CheckResult> = {}): CheckResult {
  // fast-check's counterexample: a null-prototype object, which its own stringify prints as {__proto__:null,...}
  const example = Object.assign(Object.create(null) as Record<string, unknown>, {
    case: 'valid request',
    method,
    path,
    body: Object.assign(Object.create(null), { to: '+14155550100', message: 'hi' }),
  });
  return check(id, {
    status: 'failed',
    reason: `property "valid requests" failed after 1 case(s), shrunk 0 time(s) (seed 7, path 0): ${method} ${path} answered ${status}, expected 2xx (body: ${body}); counterexample: {__proto__:null,"case":"valid request"}`,
    counterexample: example,
    seed: 7,
    path: '0',
    reproduction: `curl -sS -i -X ${method} '${base}${path}' -H 'content-type: application/json' -H "x-api-key: $CONFORM_API_KEY" --data-binary '{"to":"+14155550100","message":"hi"}'`,
    ...over,
  });
}

function blockedCheck(id: string, by: string, requirement: string, suite: string): CheckResult {
  return check(id, {
    status: 'blocked',
    blockedBy: by,
    requirements: [requirement],
    suite,
    reason: `blocked by ${by}: the operation it needs does not work`,
    exchanges: 0,
  });
}

const worst: readonly MatrixStatus[] = ['failed', 'errored', 'noted', 'passed', 'skipped'];

/** Folds checks into a RunResult the way the engine does (blocked leaves a requirement unproven and uncovered). */
export function runOf(checks: readonly CheckResult[], operationRows: readonly OperationRow[], rootCauses: readonly RootCause[]): RunResult {
  const rows: RequirementRow[] = requirements.map((req) => {
    const citing = checks.filter((c) => c.requirements.includes(req.id));
    const statuses = citing.map((c) => c.status).filter((s): s is Exclude<CheckStatus, 'blocked'> => s !== 'blocked');
    const status: MatrixStatus = citing.length === 0 ? 'not-covered' : (worst.find((s) => statuses.includes(s as never)) ?? 'unproven');
    return {
      id: req.id,
      section: req.section,
      level: req.level,
      text: req.text,
      status,
      covered: ['passed', 'failed', 'noted'].includes(status),
      checks: citing.map((c) => c.id),
    };
  });
  const count = (list: readonly CheckResult[]): Record<CheckStatus, number> => {
    const counts = { passed: 0, failed: 0, errored: 0, blocked: 0, noted: 0, skipped: 0 };
    for (const c of list) counts[c.status] += 1;
    return counts;
  };
  const byLevel = Object.fromEntries(
    (['must', 'should', 'observe'] as Level[]).map((level) => [level, count(checks.filter((c) => c.level === level))]),
  ) as RunResult['summary']['byLevel'];
  const covered = rows.filter((row) => row.covered).length;
  const failing = rootCauses.length > 0;
  return {
    target: { name: 'partial-sim', profile: 'simulator', baseUrl: base },
    seed: 7,
    runs: 50,
    failOn: 'should',
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 5400,
    checks,
    operations: operationRows,
    rootCauses,
    requirements: rows,
    summary: {
      total: checks.length,
      byStatus: count(checks),
      byLevel,
      requirements: { total: rows.length, covered, percent: Math.round((covered / rows.length) * 1000) / 10 },
    },
    verdict: failing ? 'does-not-conform' : 'conforms',
    exitCode: failing ? 1 : 0,
    requestsSent: 321,
  };
}

function operationsWith(over: Readonly<Record<string, Partial<OperationRow>>>): OperationRow[] {
  return operations.map((op) => ({
    operationId: op.id,
    method: op.method,
    path: op.path,
    state: 'works',
    checkId: `CONTRACT-${op.id.toUpperCase()}-POSITIVE`,
    ...over[op.id],
  }));
}

/** The checks every run has: one positive baseline per operation, plus observe checks. */
function baselines(status: (operationId: string) => CheckStatus = () => 'passed'): CheckResult[] {
  return operations.map((op) => check(`CONTRACT-${op.id.toUpperCase()}-POSITIVE`, { status: status(op.id), requirements: ['ERR-SUCCESS-2XX'] }));
}

/** A run against a conforming target; one observe check noted a deviation (it never fails the run). */
export function cleanRun(): RunResult {
  const checks = [
    ...baselines(),
    ...Array.from({ length: 60 }, (_, i) =>
      check(`MSG-CHECK-${String(i).padStart(3, '0')}`, { requirements: [requirements[i % 45]?.id ?? 'MSG-SEND-STATUS-201'] }),
    ),
    check('CONTRACT-SENDMESSAGE-ERROR-BODY', {
      level: 'observe',
      status: 'noted',
      requirements: ['ERR-BODY-SHAPE'],
      reason: 'the error body has no "success" field',
    }),
    check('TIER-STARTER-SCENARIO', { status: 'skipped', requirements: ['TIER-STARTER-FREEFORM-402'], reason: 'needs a Starter-tier key (--starter-api-key)' }),
  ];
  return runOf(checks, operationsWith({}), []);
}

const webhookRequirements = requirements.filter((r) => /^(WH|SIG|EVT|DLV)-/.test(r.id)).map((r) => r.id);
const messageRequirements = requirements.filter((r) => r.id.startsWith('MSG-')).map((r) => r.id);

/** The ids of the checks blocked in partialRun, by the check they wait on. */
export const partialBlocked = {
  createWebhook: Array.from({ length: 150 }, (_, i) => `WEBHOOK-CHECK-${String(i).padStart(3, '0')}`),
  sendMessage: Array.from({ length: 30 }, (_, i) => `MESSAGE-CHECK-${String(i).padStart(3, '0')}`),
};

/** A target without webhooks whose send operation expects another field name: 400 "body is required". */
export function partialRun(): RunResult {
  const failing: Record<string, CheckResult> = {
    createWebhook: failedCheck('CONTRACT-CREATEWEBHOOK-POSITIVE', 'POST', '/v1/webhooks', 404, '{"error":"Not Found"}', {
      suite: 'contract/webhooks',
      requirements: ['WH-CREATE-STATUS-201'],
    }),
    sendMessage: failedCheck(
      'CONTRACT-SENDMESSAGE-POSITIVE',
      'POST',
      '/v1/messages',
      400,
      '{"success":false,"error":"validation_error","message":"body is required"}',
      { requirements: ['MSG-SEND-STATUS-201'] },
    ),
    listWebhooks: failedCheck('CONTRACT-LISTWEBHOOKS-POSITIVE', 'GET', '/v1/webhooks', 404, `{"error":"${hostileMessage}"}`, {
      suite: 'contract/webhooks',
      requirements: ['WH-LIST-STATUS-200'],
    }),
  };
  const blockedOps = ['updateWebhook', 'deleteWebhook', 'rotateWebhookSecret', 'testWebhook', 'listWebhookDeliveries'];
  const checks = [
    ...baselines((id) => (failing[id] ? 'failed' : blockedOps.includes(id) || id === 'getMessage' ? 'blocked' : 'passed')).map((c) => {
      const own = Object.values(failing).find((f) => f.id === c.id);
      if (own) return own;
      if (c.status !== 'blocked') return c;
      return { ...c, blockedBy: c.id === 'CONTRACT-GETMESSAGE-POSITIVE' ? failing.sendMessage?.id : failing.createWebhook?.id };
    }),
    ...partialBlocked.createWebhook.map((id, i) =>
      blockedCheck(id, 'CONTRACT-CREATEWEBHOOK-POSITIVE', webhookRequirements[i % webhookRequirements.length] as string, 'scenarios/webhooks'),
    ),
    ...partialBlocked.sendMessage.map((id, i) =>
      blockedCheck(id, 'CONTRACT-SENDMESSAGE-POSITIVE', messageRequirements[i % messageRequirements.length] as string, 'contract/messages'),
    ),
    check('CONTRACT-LISTMESSAGES-LIMIT-MIN', { requirements: ['MSG-LIST-LIMIT-MIN'] }),
    check('CONTRACT-LISTMESSAGES-ERROR-BODY', {
      level: 'observe',
      status: 'noted',
      requirements: ['ERR-BODY-SHAPE'],
      reason: 'the error body has no "success" field',
    }),
  ];
  const webhookBlock = [
    'CONTRACT-UPDATEWEBHOOK-POSITIVE',
    'CONTRACT-DELETEWEBHOOK-POSITIVE',
    'CONTRACT-ROTATEWEBHOOKSECRET-POSITIVE',
    'CONTRACT-TESTWEBHOOK-POSITIVE',
    'CONTRACT-LISTWEBHOOKDELIVERIES-POSITIVE',
  ];
  const operationRows = operationsWith({
    sendMessage: { state: 'refuses-valid-input', status: 400, message: 'body is required' },
    createWebhook: { state: 'not-implemented', status: 404, message: 'Not Found' },
    listWebhooks: { state: 'not-implemented', status: 404, message: hostileMessage },
    getMessage: { state: 'blocked', blockedBy: 'CONTRACT-SENDMESSAGE-POSITIVE' },
    ...Object.fromEntries(blockedOps.map((id) => [id, { state: 'blocked' as const, blockedBy: 'CONTRACT-CREATEWEBHOOK-POSITIVE' }])),
  });
  return runOf(checks, operationRows, [
    { checkId: 'CONTRACT-CREATEWEBHOOK-POSITIVE', same: [], blocks: [...webhookBlock, ...partialBlocked.createWebhook] },
    { checkId: 'CONTRACT-SENDMESSAGE-POSITIVE', same: [], blocks: ['CONTRACT-GETMESSAGE-POSITIVE', ...partialBlocked.sendMessage] },
    { checkId: 'CONTRACT-LISTWEBHOOKS-POSITIVE', same: [], blocks: [] },
  ]);
}

/** 200 failures, each with a 2 KB reason, a counterexample of 1,600+ characters and a reproduction that repeats it. */
export function manyFailuresRun(count = 200): RunResult {
  const long = 'x'.repeat(1601);
  const failures = Array.from({ length: count }, (_, i) => {
    const id = `CONTRACT-SENDMESSAGE-CASE-${String(i).padStart(3, '0')}`;
    const body = JSON.stringify({ error: 'validation_error', message: `message too long: ${'y'.repeat(1900)}` });
    return failedCheck(id, 'POST', '/v1/messages', 422, body, {
      counterexample: Object.assign(Object.create(null), { method: 'POST', path: '/v1/messages', body: { to: '+14155550100', message: long } }),
      reproduction: `curl -sS -i -X POST '${base}/v1/messages' -H "x-api-key: $CONFORM_API_KEY" --data-binary '{"to":"+14155550100","message":"${long}"}'`,
    });
  });
  const blocked = Array.from({ length: 40 }, (_, i) => blockedCheck(`BLOCKED-${i}`, failures[0]?.id as string, 'MSG-SEND-STATUS-201', 'contract/messages'));
  const rootCauses = failures.map((f, i) => ({ checkId: f.id, same: [], blocks: i === 0 ? blocked.map((b) => b.id) : [] }));
  return runOf([...baselines(), ...failures, ...blocked], operationsWith({}), rootCauses);
}
