import type { Delivery } from '../../receiver/index.js';
import type { CheckContext, CheckDefinition } from '../checks/index.js';
import { deliveryWaitMs, eventOf, eventsReachRegisteredWebhooks, maybeArrival, reports } from '../scenarios/webhook-helpers.js';

/** The suite of the history checks of an area, e.g. history/webhooks. */
export const historySuite = (area: string): string => `history/${area}`;

/**
 * The definition fields of a history check that drives message events to registered webhooks: it needs the receiver and
 * billable sends, and it is blocked when creating a webhook or sending a message does not work. It runs with the other
 * lifecycle watchers, all at once (watchesLifecycle, not exclusive): its webhooks receive every message's events, and the
 * rules match deliveries to messages by their data.id.
 */
export const eventDrive = {
  needs: ['receiver', 'billable'],
  appliesTo: eventsReachRegisteredWebhooks,
  uses: ['createWebhook', 'sendMessage'],
  watchesLifecycle: true,
} as const satisfies Pick<CheckDefinition, 'needs' | 'appliesTo' | 'uses' | 'watchesLifecycle'>;

/**
 * Waits (bounded, longer while the paths keep receiving other deliveries) for the message's event at one of the paths;
 * the delivery, or undefined when none came (the rules judge what did).
 */
export function eventAt(ctx: CheckContext, paths: readonly string[], messageId: string, event: string): Promise<Delivery | undefined> {
  return maybeArrival(ctx, (d) => paths.includes(d.path) && reports(d, messageId) && eventOf(d) === event, deliveryWaitMs, paths);
}

/** Lets deliveries already under way arrive before the check ends (what the rules judge must have had time to show). */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
