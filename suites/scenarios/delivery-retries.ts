import type { Delivery } from '../../receiver/index.js';
import type { CheckContext } from '../checks/index.js';
import { defineCheck, expectThat } from '../checks/index.js';
import { allDeliveryRecords, deliveryPage } from './delivery-records.js';
import { withWebhooks } from './webhook-fixture.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';
import { arrivalsAt, messageEventCheck, maybeArrival, pause, pollPause, sendMessage, waitForArrivals } from './webhook-helpers.js';

const suite = 'scenarios/deliveries';

/** What the receiver saw of one delivery that it answered 500 first. */
interface RetryObservation {
  readonly hook: CreatedWebhook;
  /** Every attempt of the first delivery that arrived, in arrival order. */
  readonly attempts: readonly Delivery[];
}

/** Attempts of the same delivery: the same body bytes, or the same Service-Delivery-Id (DESIGN.md §4). */
function sameDelivery(first: Delivery): (d: Delivery) => boolean {
  const id = first.headers['service-delivery-id'];
  return (d) => d.path === first.path && (d.raw.equals(first.raw) || (id !== undefined && d.headers['service-delivery-id'] === id));
}

/**
 * A webhook for message.delivered whose receiver answers the first `failures` requests with 500, and a message
 * sent to make an event: returns the attempts of the first delivery once one succeeded or the wait bound passed.
 */
async function observeRetries(ctx: CheckContext, hooks: WebhookFixture, failures: number): Promise<RetryObservation> {
  const path = hooks.path('retry');
  hooks.respond(path, { status: 500, times: failures, body: { ok: false } });
  const hook = await hooks.create(['message.delivered'], path);
  await sendMessage(ctx);
  const [first] = await waitForArrivals(ctx, 'a message.delivered delivery', (d) => d.path === path, { breaks: ctx.cited ?? 'EVT-STATUS-REPORTED' });
  const same = sameDelivery(first as Delivery);
  await maybeArrival(ctx, (d) => same(d) && d.answer.status !== null && d.answer.status < 300);
  return { hook, attempts: arrivalsAt(ctx, path).filter(same) };
}

/** spec §6: "Each attempt is recorded as a delivery record". */
export const eachAttemptRecorded = defineCheck({
  id: 'DELIVERY-EACH-ATTEMPT-RECORDED',
  title: 'every delivery attempt, failed ones and retries included, has its own delivery record with its own id',
  suite,
  requirements: ['DLV-EACH-ATTEMPT-RECORDED', 'DLV-ID-UNIQUE'],
  level: 'must',
  ...messageEventCheck,
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const { hook } = await observeRetries(ctx, hooks, 2);
      // records are read before arrivals: an attempt arrives before it can be recorded, so a conforming log
      // catches up with the receiver (other checks' messages may still be arriving meanwhile)
      let last = { records: 0, arrivals: 0 };
      for (let poll = 0; poll < 40 && !ctx.signal.aborted; poll++) {
        const listed = await deliveryPage(ctx, hook.id, { limit: 100 });
        const ids = new Set(listed.map((record) => record.id));
        ctx.expect(
          ids.size === listed.length,
          `the attempts of one retried delivery share record ids: ${listed.length} records, ${ids.size} distinct ids (spec §2.4: each attempt has its own id)`,
          'DLV-ID-UNIQUE',
        );
        const records = (await allDeliveryRecords(ctx, hook.id)).length;
        const arrivals = arrivalsAt(ctx, hook.path).length;
        if (records === arrivals) return;
        last = { records, arrivals };
        await pollPause(ctx, 50);
      }
      const failed = arrivalsAt(ctx, hook.path).filter((d) => d.answer.status === 500).length;
      ctx.fail(
        `the receiver got ${last.arrivals} delivery attempts (${failed} answered 500) but the webhook's log holds ${last.records} records`,
        'DLV-EACH-ATTEMPT-RECORDED',
      );
    }),
});

/** DESIGN.md §4: failed deliveries are retried with backoff, with a stable Service-Delivery-Id. */
export const retriedAfter500 = defineCheck({
  id: 'DELIVERY-RETRIED-AFTER-500',
  title: 'a delivery answered 500 is retried, every attempt with the same Service-Delivery-Id',
  suite,
  requirements: ['EVT-RETRY', 'EVT-NON-2XX-FAILS', 'SIG-DELIVERY-ID-STABLE'],
  level: 'should',
  ...messageEventCheck,
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const { attempts } = await observeRetries(ctx, hooks, 1);
      ctx.expect(attempts.length >= 2, `a delivery answered 500 was not retried: ${attempts.length} attempt arrived within the wait`, {
        requirements: ['EVT-RETRY', 'EVT-NON-2XX-FAILS'],
      });
      const ids = new Set(attempts.map((d) => d.headers['service-delivery-id']));
      ctx.expect(
        !ids.has(undefined) && ids.size === 1,
        `the attempts of one delivery carry Service-Delivery-Id values ${JSON.stringify([...ids])}, expected one and the same`,
        'SIG-DELIVERY-ID-STABLE',
      );
    }),
});

/** DESIGN.md §4: the retry schedule is observed and recorded, never judged. */
export const retrySchedule = defineCheck({
  id: 'DELIVERY-RETRY-SCHEDULE',
  title: 'the number of attempts and the intervals between them after 500 answers are recorded',
  suite,
  requirements: ['EVT-RETRY-SCHEDULE'],
  level: 'observe',
  ...messageEventCheck,
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const { attempts } = await observeRetries(ctx, hooks, 2);
      const gaps = attempts.slice(1).map((d, i) => Math.round(d.monotonicMs - (attempts[i] as Delivery).monotonicMs));
      const answers = attempts.map((d) => d.answer.status ?? 'closed');
      ctx.log(`attempts: ${attempts.length}; answers: ${answers.join(', ')}; intervals ms: ${gaps.join(', ') || 'none'}`);
    }),
});

/**
 * spec §6: "Receivers are expected to answer with HTTP 200": a 200 ends the delivery. A second webhook that answers
 * 500 once shows how long the target waits before a retry, so the check knows how long to watch for one.
 */
export const receiver200NotRetried = defineCheck({
  id: 'DELIVERY-200-NOT-RETRIED',
  title: 'a delivery answered 200 is not retried and its record has status_code 200',
  suite,
  requirements: ['EVT-RECEIVER-200'],
  level: 'must',
  ...messageEventCheck,
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.delivered']);
      const { attempts } = await observeRetries(ctx, hooks, 1);
      const gap = attempts.length >= 2 ? (attempts[1] as Delivery).monotonicMs - (attempts[0] as Delivery).monotonicMs : 0;
      await pause(Math.min(2_000, Math.max(200, 2 * gap)));
      const arrived = arrivalsAt(ctx, hook.path);
      const [first] = arrived;
      expectThat(first !== undefined, 'the webhook answering 200 received no message.delivered delivery');
      const again = arrived.filter(sameDelivery(first));
      ctx.expect(again.length === 1, `a delivery answered 200 arrived ${again.length} times: it was retried (spec §6)`);
      const records = await allDeliveryRecords(ctx, hook.id);
      const codes = records.filter((r) => r.event === 'message.delivered').map((r) => r.status_code);
      ctx.expect(
        codes.length >= 1 && codes.every((code) => code === 200),
        `the records of deliveries answered 200 have status_code ${JSON.stringify(codes)}, expected 200`,
      );
    }),
});

export const retryChecks = [eachAttemptRecorded, retriedAfter500, retrySchedule, receiver200NotRetried];
