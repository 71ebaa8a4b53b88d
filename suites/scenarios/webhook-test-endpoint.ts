import type { Answer } from '../../receiver/index.js';
import type { Exchange } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { latestTestRecord } from './delivery-records.js';
import type { DeliveryRecordLike } from './delivery-records.js';
import type { WebhookFixture } from './webhook-fixture.js';
import { eventOf, waitForArrivals } from './webhook-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/webhooks';

/** The outcome of one test send against a programmed receiver answer. */
interface TestOutcome {
  readonly exchange: Exchange;
  readonly result: { success?: unknown; status_code?: unknown; message?: unknown; delivery?: unknown };
  readonly record: DeliveryRecordLike | undefined;
}

/** Creates a webhook whose receiver answers `answer`, test-sends to it, and reads the newest test.webhook.sent record. */
async function testWithAnswer(ctx: CheckContext, hooks: WebhookFixture, answer: Answer | undefined): Promise<TestOutcome> {
  const path = hooks.path(answer?.close ? 'closed' : `status-${answer?.status ?? 200}`);
  if (answer) hooks.respond(path, answer);
  const hook = await hooks.create(['message.failed'], path);
  const exchange = await hooks.test(hook.id);
  // spec §4.2 test: "The call completes even when the attempt fails"
  const failing = answer !== undefined && (answer.close === true || (answer.status ?? 200) >= 300);
  ctx.expectStatus(
    exchange,
    '2xx',
    `POST /v1/webhooks/{id}/test while the receiver ${answer?.close ? 'closes the connection' : `answers ${answer?.status ?? 200}`}`,
    failing ? 'WH-TEST-COMPLETES-ON-FAILURE' : 'WH-TEST-RESPONSE',
  );
  await waitForArrivals(ctx, 'the test delivery', (d) => d.path === path, { breaks: 'WH-TEST-SENDS-PAYLOAD' });
  const record = await latestTestRecord(ctx, hook.id);
  return { exchange, result: (exchange.json ?? {}) as TestOutcome['result'], record };
}

/** spec §4.2 test: the response object and the synthetic delivery, recorded as test.webhook.sent. */
export const testResponse = defineWebhookCheck({
  id: 'WEBHOOK-TEST-RESPONSE',
  title: 'POST /v1/webhooks/{id}/test answers {success, status_code, message, delivery}, delivers test.webhook.sent and records it',
  suite,
  requirements: ['WH-TEST-RESPONSE', 'WH-TEST-SENDS-PAYLOAD', 'WH-TEST-RECORDED'],
  level: 'must',
  async run(ctx, hooks) {
    const { exchange, record } = await testWithAnswer(ctx, hooks, undefined);
    ctx.expectSchema(exchange, 'WebhookTestResult', 'POST /v1/webhooks/{id}/test', 'WH-TEST-RESPONSE');
    const [arrived] = ctx.receiver.store.all().filter((d) => d.path.startsWith(hooks.prefix));
    ctx.expect(
      arrived !== undefined && eventOf(arrived) === 'test.webhook.sent',
      `the test delivery's event is ${arrived ? eventOf(arrived) : 'missing'}, expected test.webhook.sent`,
      'WH-TEST-SENDS-PAYLOAD',
    );
    ctx.expect(record !== undefined, 'GET /v1/webhooks/{id}/deliveries holds no test.webhook.sent record after a test send (spec §6)', 'WH-TEST-RECORDED');
  },
});

/** spec §4.2 test + §2.4: a failing attempt still completes 2xx and is recorded with the receiver's code or null. */
export const testCompletesOnFailure = defineWebhookCheck({
  id: 'WEBHOOK-TEST-COMPLETES-ON-FAILURE',
  title: 'test completes 2xx when the receiver answers 500 or closes the connection; the records carry 500 and null',
  suite,
  requirements: ['WH-TEST-COMPLETES-ON-FAILURE', 'DLV-STATUS-CODE', 'DLV-STATUS-CODE-NULL'],
  level: 'must',
  async run(ctx, hooks) {
    const failed = await testWithAnswer(ctx, hooks, { status: 500 });
    ctx.expectSchema(failed.exchange, 'WebhookTestResult', 'test while the receiver answers 500', 'DLV-STATUS-CODE');
    ctx.expect(
      failed.record?.status_code === 500,
      `the record of a test answered 500 has status_code ${JSON.stringify(failed.record?.status_code)}, expected 500`,
      'DLV-STATUS-CODE',
    );
    const closed = await testWithAnswer(ctx, hooks, { close: true });
    ctx.expectSchema(closed.exchange, 'WebhookTestResult', 'test while the receiver closes the connection', 'DLV-STATUS-CODE-NULL');
    ctx.expect(
      closed.record?.status_code === null,
      `the record of a test whose connection was closed has status_code ${JSON.stringify(closed.record?.status_code)}, expected null (spec §2.4)`,
      'DLV-STATUS-CODE-NULL',
    );
  },
});

/** DESIGN.md §4: success mirrors the receiver's answer; delivery is the record of the attempt. */
export const testResultMatches = defineWebhookCheck({
  id: 'WEBHOOK-TEST-RESULT-MATCHES',
  // webhooks answering 200 and 500, a test send to each and the reads of their delivery records, and the deletes
  estimate: { requests: 12, sends: 0 },
  title: 'test reports success and status_code as the receiver answered (200, 500, closed) and returns the delivery record',
  suite,
  requirements: ['WH-TEST-RESULT-MATCHES', 'WH-TEST-DELIVERY-RECORD'],
  level: 'should',
  async run(ctx, hooks) {
    const cases: [Answer | undefined, boolean, number | null][] = [
      [undefined, true, 200],
      [{ status: 500 }, false, 500],
      [{ close: true }, false, null],
    ];
    for (const [answer, success, code] of cases) {
      const { exchange, result } = await testWithAnswer(ctx, hooks, answer);
      const what = answer?.close ? 'a closed connection' : `a receiver answer ${code}`;
      ctx.expect(
        result.success === success && result.status_code === code,
        `after ${what} test answered success ${JSON.stringify(result.success)}, status_code ${JSON.stringify(result.status_code)}; expected ${success}, ${code}`,
        { exchange, requirements: ['WH-TEST-RESULT-MATCHES'] },
      );
      ctx.expect(typeof result.delivery === 'object' && result.delivery !== null, 'test answered no delivery object', {
        exchange,
        requirements: ['WH-TEST-DELIVERY-RECORD'],
      });
      const record = result.delivery as Record<string, unknown>;
      ctx.expect(
        record.event === 'test.webhook.sent' && record.status_code === code,
        `test's delivery object is not the record of the attempt: ${JSON.stringify(record).slice(0, 200)}`,
        { exchange, requirements: ['WH-TEST-DELIVERY-RECORD'] },
      );
    }
  },
});

export const testEndpointChecks = [testResponse, testCompletesOnFailure, testResultMatches];
