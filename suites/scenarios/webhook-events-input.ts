import type { WebhookEvent } from '../../spec/index.js';
import { allWebhookEvents } from './webhook-fixture.js';
import { expectEcho } from './webhook-answers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/webhooks';

/** spec §2.3/§4.2: each of the four kinds alone, and all four together, on create and on update. */
export const eachEventAccepted = defineWebhookCheck({
  id: 'WEBHOOK-EVENTS-EACH-ACCEPTED',
  title: 'each of the four event kinds alone, and all four together, is accepted by create and update',
  suite,
  requirements: ['WH-EVENTS-ALL-ACCEPTED', 'WH-CREATE-RESPONSE'],
  level: 'must',
  // five event sets, each a create and an update (and the created webhook's delete), plus the first webhook's create and delete
  estimate: { requests: 5 * 3 + 2, sends: 0 },
  async run(ctx, hooks) {
    const sets: (readonly WebhookEvent[])[] = [...allWebhookEvents.map((kind) => [kind]), allWebhookEvents];
    const first = await hooks.create(['message.failed']);
    for (const events of sets) {
      if (ctx.signal.aborted) break;
      const url = ctx.target.receiverUrl(hooks.path('kinds'));
      const created = await hooks.register({ url, events });
      ctx.expectStatus(created, '2xx', `POST /v1/webhooks with events ${JSON.stringify(events)}`, 'WH-EVENTS-ALL-ACCEPTED');
      // accepted is the 2xx; what the answer echoes is the create answer's rule
      expectEcho(ctx.citing('WH-CREATE-RESPONSE'), created, url, events, `POST /v1/webhooks with events ${JSON.stringify(events)}`);
      const updated = await hooks.update(first.id, { url: first.url, events });
      ctx.expectStatus(updated, '2xx', `PUT /v1/webhooks/{id} with events ${JSON.stringify(events)}`, 'WH-EVENTS-ALL-ACCEPTED');
    }
  },
});

/** Values of events that are not an array (spec §4.2: "array of enum"). */
const notArrays: readonly unknown[] = ['message.sent', { 0: 'message.sent' }, 1, true];

/** spec §4.2: events is an array; anything else is refused on create and on update. */
export const eventsNotArrayRefused = defineWebhookCheck({
  id: 'WEBHOOK-EVENTS-NOT-ARRAY-REFUSED',
  // a create and an update per value that is not an array, and a valid webhook's create and delete
  estimate: { requests: 2 * notArrays.length + 2, sends: 0 },
  title: 'events given as a string, an object, a number or a boolean is refused with a 4xx on create and update',
  suite,
  requirements: ['WH-EVENTS-ARRAY'],
  level: 'must',
  baseline: 'updateWebhook',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    for (const events of notArrays) {
      if (ctx.signal.aborted) break;
      const created = await hooks.register({ url: ctx.target.receiverUrl(hooks.path('not-array')), events });
      ctx.expectStatus(created, '4xx', `POST /v1/webhooks with events ${JSON.stringify(events)}`);
      const updated = await hooks.update(hook.id, { url: hook.url, events });
      ctx.expectStatus(updated, '4xx', `PUT /v1/webhooks/{id} with events ${JSON.stringify(events)}`);
    }
  },
});

export const eventInputChecks = [eachEventAccepted, eventsNotArrayRefused];
