import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck, fixtureBreaks } from '../checks/index.js';
import { allWebhookEvents, withWebhooks } from '../scenarios/webhook-fixture.js';
import type { CreatedWebhook } from '../scenarios/webhook-fixture.js';
import { maybeArrival, sendMessage } from '../scenarios/webhook-helpers.js';
import { eventAt, eventDrive, historySuite, settle } from './history-drive.js';

const suite = historySuite('deliveries');

/** PUT /v1/webhooks/{id}; fails the drive when a valid update is refused. */
async function update(ctx: CheckContext, hook: CreatedWebhook, url: string, events: readonly string[]): Promise<void> {
  const exchange = await ctx.http.request({ method: 'PUT', path: `/v1/webhooks/${hook.id}`, body: { url, events } });
  ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid url and events', fixtureBreaks(ctx));
}

/** POST /v1/webhooks/{id}/rotate-secret; fails the drive when refused. */
async function rotate(ctx: CheckContext, hook: CreatedWebhook): Promise<void> {
  const exchange = await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${hook.id}/rotate-secret` });
  ctx.expectStatus(exchange, '2xx', 'POST /v1/webhooks/{id}/rotate-secret', fixtureBreaks(ctx));
}

/** spec §6: after a PUT narrows the subscription, a later message's other events do not come. */
const subscription = defineCheck({
  id: 'HISTORY-DELIVERY-SUBSCRIPTION',
  title: 'a webhook receives only the event kinds it was subscribed to when they happened (a PUT narrows it to message.delivered)',
  suite,
  requirements: ['EVT-SUBSCRIBED-ONLY'],
  level: 'must',
  ...eventDrive,
  history: { rule: 'delivery-routing', evidence: 'delivery of a message event to a webhook created or updated before the message' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(allWebhookEvents);
      await update(ctx, hook, hook.url, ['message.delivered']);
      const id = await sendMessage(ctx);
      await eventAt(ctx, [hook.path], id, 'message.delivered');
      await settle();
    }),
});

/** spec §4.2 PUT: after a PUT moves a webhook, later events go to the new url. */
const url = defineCheck({
  id: 'HISTORY-DELIVERY-URL',
  title: "after a PUT moves a webhook to another url, a later message's events arrive there and not at the old url",
  suite,
  requirements: ['WH-UPDATE-URL-APPLIES'],
  level: 'should',
  ...eventDrive,
  history: { rule: 'delivery-routing', evidence: 'delivery of a message event to a webhook moved by a PUT before the message' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.delivered']);
      const moved = hooks.path('moved');
      await update(ctx, hook, ctx.target.receiverUrl(moved), ['message.delivered']);
      const id = await sendMessage(ctx);
      await eventAt(ctx, [hook.path, moved], id, 'message.delivered');
      await settle();
    }),
});

/** spec §4.2 rotate-secret: deliveries of events after the rotation verify with the new secret only. */
const rotation = defineCheck({
  id: 'HISTORY-DELIVERY-SECRET-ROTATION',
  title: 'after rotate-secret completes, test sends and message events verify with the new secret and not the old one',
  suite,
  requirements: ['SIG-CURRENT-SECRET', 'WH-ROTATE-INVALIDATES-OLD'],
  level: 'must',
  ...eventDrive,
  uses: ['createWebhook', 'sendMessage', 'rotateWebhookSecret', 'testWebhook'],
  history: { rule: 'delivery-secrets', evidence: 'delivery to a webhook for an event after its secret was rotated' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.delivered']);
      await hooks.testSend(hook);
      await rotate(ctx, hook);
      await hooks.testSend(hook);
      const id = await sendMessage(ctx);
      await eventAt(ctx, [hook.path], id, 'message.delivered');
    }),
});

/** spec §4.2: a PUT changes url and events, not the secret. */
const updateKeepsSecret = defineCheck({
  id: 'HISTORY-DELIVERY-SECRET-AFTER-UPDATE',
  title: 'after a PUT, deliveries still verify with the secret from create',
  suite,
  requirements: ['WH-UPDATE-KEEPS-SECRET'],
  level: 'should',
  needs: ['receiver'],
  uses: ['createWebhook', 'updateWebhook', 'testWebhook'],
  history: { rule: 'delivery-secrets', evidence: 'delivery to a webhook for an event after a PUT of it' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      await update(ctx, hook, hook.url, ['message.failed', 'message.delivered']);
      await hooks.testSend(hook);
    }),
});

/** DESIGN.md §4: each attempt is signed when it is sent, so a retry after a rotation carries the new secret. */
const retryResigned = defineCheck({
  id: 'HISTORY-DELIVERY-RETRY-RESIGNED',
  title: 'a retry sent after a rotation completed is signed with the new secret',
  suite,
  requirements: ['SIG-RETRY-RESIGNED'],
  level: 'should',
  ...eventDrive,
  uses: ['createWebhook', 'sendMessage', 'rotateWebhookSecret'],
  history: { rule: 'delivery-secrets', evidence: 'retry of a delivery whose failed attempt was answered after a rotation completed' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      // the receiver holds its 500 until the rotation completed: the target can retry only after that
      let rotated: () => void = () => {};
      const done = new Promise<void>((resolve) => (rotated = resolve));
      const path = hooks.path('held');
      hooks.respond(path, { status: 500, until: done, times: 1, body: { ok: false } });
      const hook = await hooks.create(['message.delivered'], path);
      try {
        await sendMessage(ctx);
        // the first attempt at the path is held, whichever message it reports (every message's events come here)
        const first = await maybeArrival(ctx, (d) => d.path === path);
        if (first === undefined) return;
        await rotate(ctx, hook);
        rotated();
        await ctx.receiver.store
          .waitFor((d) => d.path === path && d.seq > first.seq && d.answer.status !== null && d.answer.status < 300)
          .catch(() => undefined);
      } finally {
        rotated();
      }
    }),
});

/** One webhook per receiver answer: 200, a 2xx that is not 200, and a 500 once (its retry shows the target's pace). */
const answerKinds = [
  { label: 'ok', answer: { status: 200 } },
  { label: 'accepted', answer: { status: 202 } },
  { label: 'once-500', answer: { status: 500, times: 1 } },
] as const;

/** spec §6, DESIGN.md §4: a 2xx ends a delivery; a failed one is retried under its delivery id. */
const notRetried = defineCheck({
  id: 'HISTORY-DELIVERY-NOT-RETRIED-AFTER-200',
  title: 'a delivery answered 200 is not sent again (nor one answered 202); a retry after a 500 keeps its delivery id',
  suite,
  requirements: ['EVT-RECEIVER-200'],
  level: 'must',
  ...eventDrive,
  history: { rule: 'delivery-attempts', evidence: 'delivery answered 200' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const paths = answerKinds.map(({ label, answer }) => {
        const path = hooks.path(label);
        hooks.respond(path, answer);
        return path;
      });
      for (const path of paths) await hooks.create(['message.delivered'], path);
      const id = await sendMessage(ctx);
      const arrived = await Promise.all(paths.map((path) => eventAt(ctx, [path], id, 'message.delivered')));
      const retried = await ctx.receiver.store.waitFor((d) => d.path === paths[2] && d.seq > (arrived[2]?.seq ?? Infinity), 5_000).catch(() => undefined);
      // a retry of a success would come about as late as the retry of a failure: watch twice that long
      const gap = retried !== undefined && arrived[2] !== undefined ? retried.receivedAt - arrived[2].receivedAt : 100;
      await settle(Math.min(2_000, Math.max(100, 2 * gap)));
    }),
});

/** The should-level rules over the same attempts. */
const attempts = defineCheck({
  id: 'HISTORY-DELIVERY-ATTEMPTS',
  title: 'a 2xx other than 200 ends a delivery too, a retry keeps its delivery id, and each event of a transition comes once',
  suite,
  requirements: ['EVT-2XX-SUCCESS', 'SIG-DELIVERY-ID-STABLE', 'EVT-ONCE-PER-TRANSITION'],
  level: 'should',
  needs: ['receiver', 'billable'],
  uses: ['createWebhook', 'sendMessage'],
  history: { rule: 'delivery-attempts', drivers: ['HISTORY-DELIVERY-NOT-RETRIED-AFTER-200'], evidence: 'delivery answered 202 and a retry of a failed one' },
  run: async () => {},
});

/** spec §6: every attempt is recorded; one the receiver closed is recorded with status_code null. */
const records = defineCheck({
  id: 'HISTORY-DELIVERY-RECORDS',
  title: 'every delivery attempt has its own record with the status the receiver answered, null for a closed connection',
  suite,
  requirements: ['DLV-EACH-ATTEMPT-RECORDED', 'DLV-ID-UNIQUE', 'DLV-STATUS-CODE', 'DLV-STATUS-CODE-NULL'],
  level: 'must',
  ...eventDrive,
  uses: ['createWebhook', 'sendMessage', 'listWebhookDeliveries'],
  history: { rule: 'delivery-records', evidence: 'listing of delivery records after attempts the receiver answered and closed' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const failing = hooks.path('once-500');
      const closing = hooks.path('once-closed');
      hooks.respond(failing, { status: 500, times: 1, body: { ok: false } });
      hooks.respond(closing, { close: true, times: 1 });
      const made = [await hooks.create(['message.delivered'], failing), await hooks.create(['message.delivered'], closing)];
      await sendMessage(ctx);
      await Promise.all(made.map((hook) => ctx.receiver.store.waitFor((d) => d.path === hook.path && d.answer.status === 200, 5_000).catch(() => undefined)));
      // a conforming log catches up with what the receiver saw: read, each time after a pause, until it did (about 2 s)
      for (let poll = 0; poll < 13 && !ctx.signal.aborted; poll++) {
        await settle(150);
        const behind = await Promise.all(made.map((hook) => recordsBehind(ctx, hook)));
        if (!behind.includes(true)) break;
      }
    }),
});

/** True while the webhook's log lists fewer message.delivered records than the receiver saw attempts of it. */
async function recordsBehind(ctx: CheckContext, hook: CreatedWebhook): Promise<boolean> {
  const listing = await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries`, query: { limit: 100 } });
  const held = Array.isArray(listing.json) ? listing.json.filter((r) => (r as { event?: unknown }).event === 'message.delivered').length : 0;
  return held < ctx.receiver.store.byPath(hook.path).filter((d) => d.event === 'message.delivered').length;
}

/** DESIGN.md §4: records are listed newest first. */
const order = defineCheck({
  id: 'HISTORY-DELIVERY-ORDER',
  title: 'delivery records are listed newest first',
  suite,
  requirements: ['DLV-ORDER'],
  level: 'should',
  needs: ['receiver'],
  uses: ['createWebhook', 'testWebhook', 'listWebhookDeliveries'],
  history: { rule: 'delivery-order', evidence: 'listing of two or more delivery records' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      for (let i = 0; i < 3 && !ctx.signal.aborted; i++) {
        await hooks.testSend(hook);
        await settle(2);
      }
      await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries`, query: { limit: 10 } });
    }),
});

/** spec §4.2 DELETE: no delivery reaches a deleted webhook for an event after the delete. */
const deleteStops = defineCheck({
  id: 'HISTORY-DELIVERY-AFTER-DELETE',
  title: "after DELETE completes, a later message's events reach the other webhooks but not the deleted one",
  suite,
  requirements: ['WH-DELETE-STOPS-DELIVERIES'],
  level: 'should',
  ...eventDrive,
  uses: ['createWebhook', 'sendMessage', 'deleteWebhook'],
  history: { rule: 'delivery-routing', evidence: 'message created after a webhook was deleted whose events reached another webhook' },
  run: (ctx) =>
    withWebhooks(ctx, async (hooks) => {
      const gone = await hooks.create(allWebhookEvents);
      const witness = await hooks.create(allWebhookEvents);
      const deleted = await ctx.http.request({ method: 'DELETE', path: `/v1/webhooks/${gone.id}` });
      ctx.expectStatus(deleted, '2xx', 'DELETE /v1/webhooks/{id}', fixtureBreaks(ctx));
      hooks.forget(gone.id);
      const id = await sendMessage(ctx);
      await eventAt(ctx, [witness.path], id, 'message.delivered');
      await settle();
    }),
});

/** The delivery history checks. */
export const deliveryHistoryChecks: readonly Check[] = [
  subscription,
  url,
  rotation,
  updateKeepsSecret,
  retryResigned,
  notRetried,
  attempts,
  records,
  order,
  deleteStops,
];
