// A 404 from a route the run saw answer 2xx is about what the request named, not a missing route (DESIGN.md §3
// "Test whatever exists"): the operations overview and the blocked checks must not say "not implemented".
import { describe, expect, it } from 'vitest';
import { blockedReason } from '../../suites/engine/blocking.js';
import { isNotImplemented, operationsOverview } from '../../suites/engine/operations-overview.js';
import { reviseServedRoutes } from '../../suites/engine/served-routes.js';
import type { CheckResult } from '../../results/run-result.js';

const result = (id: string, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  title: id,
  suite: 'contract/webhooks',
  requirements: ['WH-TEST-RESPONSE'],
  level: 'must',
  status: 'passed',
  durationMs: 1,
  exchanges: 1,
  ...over,
});

const gone = result('CONTRACT-TESTWEBHOOK-POSITIVE', {
  status: 'failed',
  baselineFor: 'testWebhook',
  failedOperation: 'testWebhook',
  accepted: false,
  answer: { status: 404, message: 'webhook 1e6f does not exist' },
  reason: 'not implemented: POST /v1/webhooks/{id}/test answered 404 to valid input: webhook 1e6f does not exist',
});
const dependant = result('WEBHOOK-TEST-RESULT-MATCHES', {
  status: 'blocked',
  blockedBy: gone.id,
  exchanges: 0,
  reason: `${blockedReason('testWebhook', gone)}: needs testWebhook`,
});

describe('a route the run saw serve valid input', () => {
  it('is not implemented only while nothing showed the route exists', () => {
    expect(isNotImplemented('testWebhook', gone)).toBe(true);
    expect(isNotImplemented('testWebhook', { ...gone, accepted: true })).toBe(false);
    expect(isNotImplemented('testWebhook', { ...gone, servedElsewhere: 'DELIVERY-LIST-ACCEPTS-DEFAULTS' })).toBe(false);
    expect(isNotImplemented('testWebhook', { ...gone, answer: { status: 500 } })).toBe(false);
  });

  it('revises the baseline and the checks it blocked when a later call of the run got a 2xx, and changes no status', () => {
    const [baseline, blocked, other] = reviseServedRoutes([gone, dependant, result('OTHER')], (op) =>
      op === 'testWebhook' ? 'DELIVERY-NO-REDIRECTS' : undefined,
    );
    expect(baseline?.status).toBe('failed');
    expect(baseline?.servedElsewhere).toBe('DELIVERY-NO-REDIRECTS');
    expect(baseline?.reason).toBe(
      'not a missing route (testWebhook answered valid input with a 2xx in DELIVERY-NO-REDIRECTS, later in the run; what this request named was not found): POST /v1/webhooks/{id}/test answered 404 to valid input: webhook 1e6f does not exist',
    );
    expect(blocked?.status).toBe('blocked');
    expect(blocked?.reason).toBe(`blocked by ${gone.id}: testWebhook did not pass its positive baseline (failed): needs testWebhook`);
    expect(other).toEqual(result('OTHER'));
    const row = operationsOverview([baseline as CheckResult]).find((r) => r.operationId === 'testWebhook');
    expect(row?.state).toBe('refuses-valid-input');
    expect(row?.message).toBe('webhook 1e6f does not exist');
  });

  it('keeps "not implemented" when no call of the run got a 2xx from the route', () => {
    expect(reviseServedRoutes([gone, dependant], () => undefined)).toEqual([gone, dependant]);
    expect(operationsOverview([gone]).find((r) => r.operationId === 'testWebhook')?.state).toBe('not-implemented');
  });
});
