import type { Delivery } from '../../receiver/index.js';
import type { WebhookEvent } from '../../spec/index.js';
import type { CheckContext } from '../checks/index.js';
import { allWebhookEvents } from './webhook-fixture.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';
import { arrivalsAt, dataOf, deliveryWaitMs, eventOf, finalMessage, maybeArrival, reports } from './webhook-helpers.js';
import { sendMessage } from './scenario-helpers.js';

/** One message's lifecycle as seen through a webhook. */
export interface LifecycleObservation {
  readonly hook: CreatedWebhook;
  readonly messageId: string;
  /** GET /v1/messages/{id} once it reached delivered or failed. */
  readonly final: Record<string, unknown>;
  /** The deliveries at the hook's path that mention the message, in arrival order. */
  readonly deliveries: readonly Delivery[];
  /** Every status GET /v1/messages/{id} showed while it was polled. */
  readonly statusesRead: ReadonlySet<unknown>;
}

/** The rank of a status in the lifecycle (DESIGN.md §4: queued → pending → sent → delivered | failed). */
export const statusRank: Readonly<Record<string, number>> = { queued: 0, pending: 1, sent: 2, delivered: 3, failed: 3 };

/** The status a message.status.updated delivery reports. */
export function reportedStatus(delivery: Delivery): unknown {
  return dataOf(delivery)?.status;
}

/**
 * Registers a webhook for `events`, sends a message to `to`, waits until GET shows it delivered or failed and
 * until the matching final events arrived (each wait bounded), and returns what arrived for the message.
 */
export async function observeLifecycle(
  ctx: CheckContext,
  hooks: WebhookFixture,
  options: { events?: readonly WebhookEvent[]; to?: string } = {},
): Promise<LifecycleObservation> {
  const events = options.events ?? allWebhookEvents;
  const hook = await hooks.create(events);
  const started = Date.now();
  const messageId = await sendMessage(ctx, options.to);
  const statusesRead = new Set<unknown>();
  const final = await finalMessage(ctx, messageId, deliveryWaitMs, statusesRead);
  const mine = (d: Delivery): boolean => d.path === hook.path && reports(d, messageId);
  const terminal: WebhookEvent = final.status === 'failed' ? 'message.failed' : 'message.delivered';
  const waits: Promise<unknown>[] = [];
  if (events.includes(terminal)) waits.push(maybeArrival(ctx, (d) => mine(d) && eventOf(d) === terminal, deliveryWaitMs, hook.path));
  if (events.includes('message.status.updated')) {
    waits.push(maybeArrival(ctx, (d) => mine(d) && eventOf(d) === 'message.status.updated' && reportedStatus(d) === final.status, deliveryWaitMs, hook.path));
  }
  await Promise.all(waits);
  const deliveries = arrivalsAt(ctx, hook.path).filter(mine);
  ctx.log(`message ${messageId} ended ${String(final.status)}; ${deliveries.length} events arrived within ${Date.now() - started} ms`);
  return { hook, messageId, final, deliveries, statusesRead };
}

/** A short account of what arrived, for failure messages: "status.updated(pending), message.sent, …". */
export function describeArrivals(deliveries: readonly Delivery[]): string {
  if (deliveries.length === 0) return 'nothing';
  return deliveries
    .map((d) => {
      const event = eventOf(d) ?? '?';
      return event === 'message.status.updated' ? `status.updated(${String(reportedStatus(d))})` : event;
    })
    .join(', ');
}
