import type { Delivery } from '../../receiver/index.js';
import type { CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { allDeliveryRecords } from './delivery-records.js';
import { withWebhooks } from './webhook-fixture.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';
import { arrivalsAt, messageEventCheck, maybeArrival, pause, sendMessage, waitForArrivals } from './webhook-helpers.js';

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
  const [first] = await waitForArrivals(ctx, 'a message.delivered delivery', (d) => d.path === path);
  const same = sameDelivery(first as Delivery);
  await maybeArrival(ctx, (d) => same(d) && d.answer.status !== null && d.answer.status < 300);
  return { hook, attempts: arrivalsAt(ctx, path).filter(same) };
}

/** spec §6: "Each attempt is recorded as a delivery record". */
export const eachAttemptRecorded = defineCheck({
  id: 'DELIVERY-EACH-ATTEMPT-RECORDED',
  title: 'every delivery attempt, failed ones and retries included, has its own delivery record',
  suite,
  requirements: ['DLV-EACH-ATTEMPT-RECORDED'],
  level: 'must',
  ...messageEventCheck,
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const { hook } = await observeRetries(ctx, hooks, 2);
      // records are read before arrivals: an attempt arrives before it can be recorded, so a conforming log
      // catches up with the receiver (other checks' messages may still be arriving meanwhile)
      let last = { records: 0, arrivals: 0 };
      for (let poll = 0; poll < 40 && !ctx.signal.aborted; poll++) {
        const records = (await allDeliveryRecords(ctx, hook.id)).length;
        const arrivals = arrivalsAt(ctx, hook.path).length;
        if (records === arrivals) return;
        last = { records, arrivals };
        await pause(50);
      }
      const failed = arrivalsAt(ctx, hook.path).filter((d) => d.answer.status === 500).length;
      ctx.fail(`the receiver got ${last.arrivals} delivery attempts (${failed} answered 500) but the webhook's log holds ${last.records} records`);
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
      ctx.expect(attempts.length >= 2, `a delivery answered 500 was not retried: ${attempts.length} attempt arrived within the wait`);
      const ids = new Set(attempts.map((d) => d.headers['service-delivery-id']));
      ctx.expect(!ids.has(undefined) && ids.size === 1, `the attempts of one delivery carry Service-Delivery-Id values ${JSON.stringify([...ids])}, expected one and the same`);
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

export const retryChecks = [eachAttemptRecorded, retriedAfter500, retrySchedule];
