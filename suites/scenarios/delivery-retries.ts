import { createHash } from 'node:crypto';
import type { Delivery } from '../../receiver/index.js';
import type { CheckContext } from '../checks/index.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';
import { arrivalsAt, messageEventCheck, maybeArrival, waitForArrivals } from './webhook-helpers.js';
import { sendMessage } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

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

/** The attempts of one delivery carry the same bytes on a target that retries as DESIGN.md §4 says (what the receiver counts by). */
function bodyKey(delivery: Delivery): string {
  return createHash('sha256').update(delivery.raw).digest('hex');
}

/**
 * A webhook for message.delivered whose receiver answers the first `failures` attempts of the first delivery to arrive
 * with 500, and a message sent to make an event: returns that delivery's attempts once one succeeded or the wait bound
 * passed. Other checks' messages reach the webhook too (event checks run at once): the first delivery may be theirs,
 * and every other delivery is answered 200 at once (the target sends one destination's deliveries in order, so
 * failing them all would queue this one behind their retries).
 */
async function observeRetries(ctx: CheckContext, hooks: WebhookFixture, failures: number): Promise<RetryObservation> {
  const path = hooks.path('retry');
  hooks.respond(path, { status: 500, times: failures, oneDelivery: bodyKey, body: { ok: false } });
  const hook = await hooks.create(['message.delivered'], path);
  await sendMessage(ctx);
  const [first] = await waitForArrivals(ctx, 'a message.delivered delivery', (d) => d.path === path, { breaks: ctx.cited ?? 'EVT-STATUS-REPORTED' });
  const same = sameDelivery(first as Delivery);
  await maybeArrival(ctx, (d) => same(d) && d.answer.status !== null && d.answer.status < 300);
  return { hook, attempts: arrivalsAt(ctx, path).filter(same) };
}

/**
 * DESIGN.md §4: failed deliveries are retried with backoff. That every attempt has its record, that a retry keeps its
 * Service-Delivery-Id and that a 2xx is not retried are the history checks' (suites/history/delivery-history.ts).
 */
export const retriedAfter500 = defineWebhookCheck({
  id: 'DELIVERY-RETRIED-AFTER-500',
  title: 'a delivery answered 500 is retried',
  suite,
  requirements: ['EVT-RETRY', 'EVT-NON-2XX-FAILS'],
  level: 'should',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { attempts } = await observeRetries(ctx, hooks, 1);
    ctx.expect(attempts.length >= 2, `a delivery answered 500 was not retried: ${attempts.length} attempt arrived within the wait`, {
      requirements: ['EVT-RETRY', 'EVT-NON-2XX-FAILS'],
    });
  },
});

/** DESIGN.md §4: the retry schedule is observed and recorded, never judged. */
export const retrySchedule = defineWebhookCheck({
  id: 'DELIVERY-RETRY-SCHEDULE',
  title: 'the number of attempts and the intervals between them after 500 answers are recorded',
  suite,
  requirements: ['EVT-RETRY-SCHEDULE'],
  level: 'observe',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { attempts } = await observeRetries(ctx, hooks, 2);
    const gaps = attempts.slice(1).map((d, i) => Math.round(d.monotonicMs - (attempts[i] as Delivery).monotonicMs));
    const answers = attempts.map((d) => d.answer.status ?? 'closed');
    ctx.log(`attempts: ${attempts.length}; answers: ${answers.join(', ')}; intervals ms: ${gaps.join(', ') || 'none'}`);
  },
});

export const retryChecks = [retriedAfter500, retrySchedule];
