import type { Delivery } from '../../receiver/index.js';
import type { Check } from '../checks/index.js';
import { defineCheck, fixtureBreaks } from '../checks/index.js';
import { arrivalMark, awaitShaped, shownInstead } from './misshapen-arrivals.js';
import { deliveryWaitMs, eventOf, maybeArrival, reports } from './webhook-helpers.js';
import { recipientFor, senderNumber } from './numbers.js';
import { send } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

/**
 * spec §8 Development simulator: "Sends webhooks to one configurable webhook URL". A message sent with no webhook
 * registered must still produce its events at that URL (the receiver path the harness configured it to).
 */
const eventsAtConfiguredUrl = defineCheck({
  id: 'SIMULATOR-EVENTS-AT-CONFIGURED-URL',
  title: 'the simulator sends a message’s events to its one configured webhook URL, with no webhook registered',
  suite: 'scenarios/simulator',
  requirements: ['SIM-WEBHOOK-URL', 'EVT-PAYLOAD-SHAPE'],
  level: 'must',
  needs: ['receiver'],
  deliveriesTo: 'one-url',
  // waits on its message's events (by data.id) with the other event watchers
  watchesLifecycle: true,
  uses: ['sendMessage'],
  reads: ['id'],
  appliesTo: (profile, target) => {
    if (!profile.webhooksToOneUrl) return `the ${profile.name} profile does not send webhooks to one configured URL`;
    return target.oneWebhookPath
      ? true
      : 'the harness does not know the simulator’s webhook URL: pass --simulator-webhook-url <the URL the simulator was started with> (npm run simulator prints the conform command), or use --target simulator with the simulator’s defaults';
  },
  async run(checkCtx) {
    // its subject names every expectation but the shape's (EVT-PAYLOAD-SHAPE, misshapen-arrivals.ts)
    const ctx = checkCtx.citing('SIM-WEBHOOK-URL');
    const path = ctx.target.oneWebhookPath as string;
    const mark = arrivalMark(ctx, path);
    const sent = await send(ctx, 'freeForm', { to: recipientFor(ctx), from: senderNumber, message: `one-url ${Date.now()}` });
    ctx.expectStatus(sent, '2xx');
    const id = (sent.json as { id?: unknown } | undefined)?.id;
    ctx.expect(typeof id === 'string', 'the send answer carries no message id', { exchange: sent });
    // the simulator sends that URL's deliveries one at a time: arrivals there show it still working through its queue
    const what = `an event of message ${String(id)} at the configured webhook URL`;
    const mine = (d: Delivery): boolean => d.path === path && reports(d, id as string);
    const arrived = await awaitShaped(ctx, path, mark, what, () => maybeArrival(ctx, mine, deliveryWaitMs, path, what));
    ctx.expect(arrived !== undefined, `no event for message ${String(id)} reached the configured webhook URL within ${deliveryWaitMs} ms (quiet run)`, {
      exchange: sent,
    });
    ctx.log(`first event at the configured URL: ${arrived ? eventOf(arrived) : ''}`);
  },
});

/**
 * DESIGN.md §4 (GAP-SIMULATOR-WEBHOOK-URL): in the simulator every delivery goes to the one URL, whatever the registered
 * webhooks say. With two webhooks registered, each for another event, both events of one message reach the one URL.
 */
const allWebhooksAtConfiguredUrl = defineWebhookCheck({
  id: 'SIMULATOR-WEBHOOKS-AT-CONFIGURED-URL',
  title: 'with webhooks registered, the events they subscribe to still reach the simulator’s one configured URL',
  suite: 'scenarios/simulator',
  requirements: ['SIM-WEBHOOK-URL-ALL-WEBHOOKS'],
  level: 'should',
  deliveriesTo: 'one-url',
  // waits on its message's events (by data.id) with the other event watchers
  watchesLifecycle: true,
  uses: ['sendMessage', 'createWebhook'],
  reads: ['id'],
  appliesTo: eventsAtConfiguredUrl.appliesTo,
  async run(ctx, hooks) {
    const path = ctx.target.oneWebhookPath as string;
    const mark = arrivalMark(ctx, path);
    const kinds = ['message.sent', 'message.delivered'] as const;
    for (const kind of kinds) await hooks.create([kind]);
    const sent = await send(ctx, 'freeForm', { to: recipientFor(ctx), from: senderNumber, message: `one-url ${Date.now()}` });
    ctx.expectStatus(sent, '2xx', 'sending a message', fixtureBreaks(ctx));
    const id = String((sent.json as { id?: unknown } | undefined)?.id);
    for (const kind of kinds) {
      const mine = (d: Delivery): boolean => d.path === path && reports(d, id) && eventOf(d) === kind;
      const arrived = await maybeArrival(ctx, mine, deliveryWaitMs, path, `${kind} of message ${id} at the configured webhook URL`);
      ctx.expect(
        arrived !== undefined,
        // what came instead is shown; its shape is SIMULATOR-EVENTS-AT-CONFIGURED-URL's finding (EVT-PAYLOAD-SHAPE)
        `${kind} of message ${id}, which a registered webhook subscribes to, did not reach the configured URL within ${deliveryWaitMs} ms (quiet run)${shownInstead(ctx, path, mark)}`,
        {
          exchange: sent,
        },
      );
    }
  },
});

/** The checks of the simulator's one-URL webhook behaviour. */
export const checks: readonly Check[] = [eventsAtConfiguredUrl, allWebhooksAtConfiguredUrl];
