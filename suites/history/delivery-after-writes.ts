import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck, fixtureBreaks } from '../checks/index.js';
import { allWebhookEvents } from '../scenarios/webhook-fixture.js';
import type { CreatedWebhook, WebhookFixture } from '../scenarios/webhook-fixture.js';
import { recordingMarginMs } from '../../rules/index.js';
import { eventAt, eventDrive, historySuite, settle } from './history-drive.js';
import { sendMessage } from '../scenarios/scenario-helpers.js';
import { defineWebhookCheck } from '../scenarios/webhook-check.js';

const suite = historySuite('deliveries');

/** PUT /v1/webhooks/{id}; fails the drive when a valid update is refused. */
export async function update(ctx: CheckContext, hook: CreatedWebhook, url: string, events: readonly string[]): Promise<void> {
  const exchange = await ctx.http.request({ method: 'PUT', path: `/v1/webhooks/${hook.id}`, body: { url, events } });
  ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid url and events', fixtureBreaks(ctx));
}

/** POST /v1/webhooks/{id}/rotate-secret; fails the drive when refused. */
export async function rotate(ctx: CheckContext, hook: CreatedWebhook): Promise<void> {
  const exchange = await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${hook.id}/rotate-secret` });
  ctx.expectStatus(exchange, '2xx', 'POST /v1/webhooks/{id}/rotate-secret', fixtureBreaks(ctx));
}

/** DELETE /v1/webhooks/{id}; fails the drive when refused. */
export async function remove(ctx: CheckContext, hooks: WebhookFixture, hook: CreatedWebhook): Promise<void> {
  const exchange = await ctx.http.request({ method: 'DELETE', path: `/v1/webhooks/${hook.id}` });
  ctx.expectStatus(exchange, '2xx', 'DELETE /v1/webhooks/{id}', fixtureBreaks(ctx));
  hooks.forget(hook.id);
}

/**
 * Every write the delivery rules follow, then one message whose events they judge (issue 23: "a send after a PUT,
 * after a delete, after a rotate"): a webhook narrowed by a PUT to message.delivered, one moved by a PUT to another
 * url (a test send before and after; its log read at the end), one rotated (a test send before and after), one
 * updated (a test send after) and one deleted. The others receiving the message's events shows they were sent, so the
 * deleted one's silence is evidence. One message serves all.
 */
async function writesThenMessage(ctx: CheckContext, hooks: WebhookFixture): Promise<void> {
  const [narrowed, moved, rotated, updated, gone] = await Promise.all([
    hooks.create(allWebhookEvents),
    hooks.create(['message.delivered']),
    hooks.create(['message.delivered']),
    hooks.create(['message.failed']),
    hooks.create(allWebhookEvents),
  ]);
  const movedTo = hooks.path('moved');
  await Promise.all([
    update(ctx, narrowed, narrowed.url, ['message.delivered']),
    (async () => {
      await hooks.testSend(moved);
      await update(ctx, moved, ctx.target.receiverUrl(movedTo), ['message.delivered']);
      await hooks.testSend(moved, [movedTo, moved.path]);
    })(),
    (async () => {
      await hooks.testSend(rotated);
      await rotate(ctx, rotated);
      await hooks.testSend(rotated);
    })(),
    (async () => {
      await update(ctx, updated, updated.url, ['message.failed', 'message.delivered']);
      await hooks.testSend(updated);
    })(),
    remove(ctx, hooks, gone),
  ]);
  const id = await sendMessage(ctx);
  await Promise.all([[narrowed.path], [moved.path, movedTo], [rotated.path], [updated.path]].map((paths) => eventAt(ctx, paths, id, 'message.delivered')));
  // events the target should not have sent (other kinds, the old url, the deleted webhook) have had time to come, and
  // the attempts so far are owed their records (the records rule's margin)
  await settle(recordingMarginMs + 20);
  // the moved webhook's log holds the attempts at both urls (spec §6: each attempt is recorded): the records rule
  // judges what it answers, so a refused read leaves the drive's other evidence standing
  await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${moved.id}/deliveries`, query: { limit: 100 } });
}

/** The drive of the delivery rules (HISTORY-DELIVERY-SUBSCRIPTION runs it; the others name it as their driver). */
const driver = 'HISTORY-DELIVERY-SUBSCRIPTION';

/** spec §6: after a PUT narrows the subscription, a later message's other events do not come. */
const subscription = defineWebhookCheck({
  id: driver,
  title: 'a webhook receives only the event kinds it was subscribed to when they happened (a PUT narrows it to message.delivered)',
  suite,
  requirements: ['EVT-SUBSCRIBED-ONLY'],
  level: 'must',
  ...eventDrive,
  uses: ['sendMessage', 'updateWebhook', 'rotateWebhookSecret', 'testWebhook', 'deleteWebhook'],
  estimate: { requests: 25, sends: 1 },
  history: { rule: 'delivery-routing', evidence: 'delivery of a message event to a webhook created or updated before the message' },
  run: writesThenMessage,
});

/** The fields of the checks judged over the drive above. */
const driven = {
  suite,
  needs: eventDrive.needs,
  appliesTo: eventDrive.appliesTo,
  run: async () => {},
} as const;

/** spec §4.2 PUT: after a PUT moves a webhook, later events go to the new url. */
const url = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-URL',
  title: "after a PUT moves a webhook to another url, a later message's events arrive there and not at the old url",
  requirements: ['WH-UPDATE-URL-APPLIES'],
  level: 'should',
  uses: ['createWebhook', 'sendMessage', 'updateWebhook'],
  history: { rule: 'delivery-routing', drivers: [driver], evidence: 'delivery of a message event to a webhook moved by a PUT before the message' },
});

/** spec §4.2 test: after a PUT moves a webhook, a test send goes to the url it has now. */
const testUrl = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-TEST-URL',
  title: 'after a PUT moves a webhook to another url, a test send arrives at the new url, not at the old one',
  requirements: ['WH-TEST-SENDS-PAYLOAD'],
  level: 'must',
  uses: ['createWebhook', 'updateWebhook', 'testWebhook'],
  history: { rule: 'test-routing', drivers: [driver], evidence: 'test send that arrived while its test call was in flight' },
});

/** spec §4.2 rotate-secret: deliveries of events after the rotation verify with the new secret only. */
const rotation = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-SECRET-ROTATION',
  title: 'after rotate-secret completes, test sends and message events verify with the new secret and not the old one',
  requirements: ['SIG-CURRENT-SECRET', 'WH-ROTATE-INVALIDATES-OLD'],
  level: 'must',
  uses: ['createWebhook', 'sendMessage', 'rotateWebhookSecret', 'testWebhook'],
  history: { rule: 'delivery-secrets', drivers: [driver], evidence: 'delivery to a webhook for an event after its secret was rotated' },
});

/** spec §4.2: a PUT changes url and events, not the secret. */
const updateKeepsSecret = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-SECRET-AFTER-UPDATE',
  title: 'after a PUT, deliveries still verify with the secret from create',
  requirements: ['WH-UPDATE-KEEPS-SECRET'],
  level: 'should',
  uses: ['createWebhook', 'updateWebhook', 'testWebhook'],
  history: { rule: 'delivery-secrets', drivers: [driver], evidence: 'delivery to a webhook for an event after a PUT of it' },
});

/** spec §4.2 DELETE: no delivery reaches a deleted webhook for an event after the delete, nor a retry owed after it. */
const deleteStops = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-AFTER-DELETE',
  title: "after DELETE completes, a later message's events reach the other webhooks but not the deleted one",
  requirements: ['WH-DELETE-STOPS-DELIVERIES'],
  level: 'should',
  uses: ['createWebhook', 'sendMessage', 'deleteWebhook'],
  // the answer drive deletes a webhook while the receiver holds a failed attempt: the retry it was owed must not come
  history: {
    rule: 'delivery-routing',
    drivers: [driver, 'HISTORY-DELIVERY-NOT-RETRIED-AFTER-200'],
    evidence: 'message created after a webhook was deleted whose events reached another webhook, or a failed attempt answered after the delete',
  },
});

/** The delivery checks judged over writes and the message after them. */
export const deliveryAfterWriteChecks: readonly Check[] = [subscription, url, testUrl, rotation, updateKeepsSecret, deleteStops];
