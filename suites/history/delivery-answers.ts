import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import type { CreatedWebhook, WebhookFixture } from '../scenarios/webhook-fixture.js';
import { maybeArrival } from '../scenarios/webhook-helpers.js';
import { recordingMarginMs, stampSlackMs, sweepPages } from '../../rules/index.js';
import { remove, rotate } from './delivery-after-writes.js';
import { eventAt, eventDrive, historySuite, settle } from './history-drive.js';
import { sendMessage } from '../scenarios/scenario-helpers.js';
import { defineWebhookCheck } from '../scenarios/webhook-check.js';

const suite = historySuite('deliveries');

/** How the receiver answers each webhook of the drive: a success, another 2xx, a failure once, a closed connection once. */
const answers = [
  { label: 'ok', answer: { status: 200 } },
  { label: 'accepted', answer: { status: 202 } },
  { label: 'once-500', answer: { status: 500, times: 1, body: { ok: false } } },
  { label: 'once-closed', answer: { close: true, times: 1 } },
] as const;

/** The page size the drive lists delivery records with (spec §4.3 shows no maximum for this limit; 100 is the messages list's). */
const pageSize = 100;

/**
 * True while the webhook's log lists fewer message.delivered records than attempts the receiver answered before. A
 * full page is followed by the next (at most sweepPages), as the records rule reads a sweep: in a whole run every
 * message's events reach these webhooks, more than a page holds.
 */
async function recordsBehind(ctx: CheckContext, hook: CreatedWebhook): Promise<boolean> {
  const asked = performance.timeOrigin + performance.now();
  const records = new Map<unknown, unknown>();
  for (let page = 1; page <= sweepPages; page++) {
    const listing = await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries`, query: { limit: pageSize, page } });
    const items: unknown[] = Array.isArray(listing.json) ? listing.json : [];
    items.forEach((item, i) => records.set((item as { id?: unknown }).id ?? `${page}:${i}`, item));
    if (items.length < pageSize) break;
  }
  const held = [...records.values()].filter((r) => (r as { event?: unknown }).event === 'message.delivered').length;
  const answered = ctx.receiver.store
    .byPath(hook.path)
    .filter((d) => d.event === 'message.delivered' && (d.answer.answeredAt ?? Infinity) < asked - recordingMarginMs);
  return held < answered.length;
}

/**
 * What the receiver's answers make of a delivery (spec §6, §2.4), for one message: webhooks answered 200 (sent and
 * delivered events), 202, 500 once, closed once, one whose first failed attempt is held until its secret was rotated (so the retry comes
 * after the rotation) and one whose first failed attempt is held until it was deleted (so no retry may come). Then long enough for a retry of a success to show (twice the target's retry pace), and the
 * delivery logs read until they caught up with what the receiver saw.
 */
async function answeredMessage(ctx: CheckContext, hooks: WebhookFixture): Promise<void> {
  let rotated: () => void = () => {};
  const done = new Promise<void>((resolve) => (rotated = resolve));
  let deleted: () => void = () => {};
  const gone = new Promise<void>((resolve) => (deleted = resolve));
  const paths = answers.map(({ label, answer }) => {
    const path = hooks.path(label);
    hooks.respond(path, answer);
    return path;
  });
  const heldPath = hooks.path('held');
  hooks.respond(heldPath, { status: 500, until: done, times: 1, body: { ok: false } });
  // a failed attempt held until its webhook is deleted: the retry it would be owed must not come (spec §4.2 DELETE)
  const doomedPath = hooks.path('doomed');
  hooks.respond(doomedPath, { status: 500, until: gone, times: 1, body: { ok: false } });
  // the first (answered 200) also takes message.sent: two events at one webhook, each its own delivery id
  const made = await Promise.all(
    [...paths, heldPath, doomedPath].map((path, i) => hooks.create(i === 0 ? ['message.sent', 'message.delivered'] : ['message.delivered'], path)),
  );
  const [held, doomed] = made.slice(-2) as [CreatedWebhook, CreatedWebhook];
  try {
    const id = await sendMessage(ctx);
    // each held path's first attempt (whichever message it reports: every message's events come here), then the
    // rotation of one webhook and the delete of the other
    await Promise.all([
      (async () => {
        if ((await maybeArrival(ctx, (d) => d.path === heldPath)) !== undefined) await rotate(ctx, held);
        rotated();
      })(),
      (async () => {
        if ((await maybeArrival(ctx, (d) => d.path === doomedPath)) !== undefined) await remove(ctx, hooks, doomed);
        deleted();
      })(),
    ]);
    await Promise.all(paths.map((path) => eventAt(ctx, [path], id, 'message.delivered')));
    // the attempt answered 500 (whichever message it reports) and its retry show the target's retry pace
    const failedOnce = await maybeArrival(ctx, (d) => d.path === paths[2] && d.answer.status === 500);
    const retryOf = failedOnce?.headers['service-delivery-id'];
    const retry =
      failedOnce === undefined || retryOf === undefined
        ? undefined
        : await maybeArrival(ctx, (d) => d.path === paths[2] && d.seq > failedOnce.seq && d.headers['service-delivery-id'] === retryOf, 2_000);
    await maybeArrival(ctx, (d) => d.path === heldPath && d.answer.status !== null && d.answer.status < 300);
    const gap = retry !== undefined && failedOnce !== undefined ? retry.receivedAt - failedOnce.receivedAt : 25;
    const logged = made.slice(2, 4);
    await Promise.all([
      settle(Math.min(2_000, Math.max(50, 2 * gap))),
      // a conforming log catches up with what the receiver saw: read, each time after a pause, until it did (about 2 s)
      (async () => {
        for (let poll = 0; poll < 13 && !ctx.signal.aborted; poll++) {
          await settle(recordingMarginMs + 10);
          if (!(await Promise.all(logged.map((hook) => recordsBehind(ctx, hook)))).includes(true)) return;
        }
      })(),
    ]);
  } finally {
    rotated();
    deleted();
  }
}

/** The drive of the answer rules (HISTORY-DELIVERY-NOT-RETRIED-AFTER-200 runs it; the others name it). */
const driver = 'HISTORY-DELIVERY-NOT-RETRIED-AFTER-200';

/** spec §6: "Receivers are expected to answer with HTTP 200": a 200 ends the delivery. */
const notRetried = defineWebhookCheck({
  id: driver,
  title: 'a delivery answered 200 is not sent again',
  suite,
  requirements: ['EVT-RECEIVER-200'],
  level: 'must',
  ...eventDrive,
  uses: ['sendMessage', 'rotateWebhookSecret', 'deleteWebhook', 'listWebhookDeliveries'],
  estimate: { requests: 17, sends: 1 },
  history: { rule: 'delivery-attempts', evidence: 'delivery answered 200' },
  run: answeredMessage,
});

/** The fields of the checks judged over the drive above. */
const driven = { suite, needs: eventDrive.needs, appliesTo: eventDrive.appliesTo, run: async () => {} } as const;

/** DESIGN.md §4: any 2xx ends a delivery, a retry keeps its delivery id, each event of a transition comes once. */
const attempts = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-ATTEMPTS',
  title: 'a 2xx other than 200 ends a delivery too, a retry keeps its delivery id, another delivery has its own, and each event of a transition comes once',
  requirements: ['EVT-2XX-SUCCESS', 'SIG-DELIVERY-ID-STABLE', 'SIG-DELIVERY-ID-DISTINCT', 'EVT-ONCE-PER-TRANSITION'],
  level: 'should',
  uses: ['createWebhook', 'sendMessage'],
  history: { rule: 'delivery-attempts', drivers: [driver], evidence: 'delivery answered 202 and a retry of a failed one' },
});

/** spec §6: every attempt is recorded; one the receiver closed is recorded with status_code null. */
const records = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-RECORDS',
  title: 'every delivery attempt has its own record with the status the receiver answered, null for a closed connection',
  requirements: ['DLV-EACH-ATTEMPT-RECORDED', 'DLV-ID-UNIQUE', 'DLV-STATUS-CODE', 'DLV-STATUS-CODE-NULL'],
  level: 'must',
  uses: ['createWebhook', 'sendMessage', 'listWebhookDeliveries'],
  // HISTORY-DELIVERY-SUBSCRIPTION's drive reads the log of a webhook a PUT moved: records of attempts at both urls
  history: {
    rule: 'delivery-records',
    drivers: [driver, 'HISTORY-DELIVERY-SUBSCRIPTION'],
    evidence: 'listing of delivery records after attempts the receiver answered and closed',
  },
});

/** DESIGN.md §4: each attempt is signed when it is sent, so a retry after a rotation carries the new secret. */
const retryResigned = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-RETRY-RESIGNED',
  title: 'a retry sent after a rotation completed is signed with the new secret',
  requirements: ['SIG-RETRY-RESIGNED'],
  level: 'should',
  uses: ['createWebhook', 'sendMessage', 'rotateWebhookSecret'],
  history: { rule: 'delivery-secrets', drivers: [driver], evidence: 'retry of a delivery whose failed attempt was answered after a rotation completed' },
});

/** DESIGN.md §4: records are listed newest first (the drive's logs hold a failed attempt and its retry). */
const order = defineCheck({
  ...driven,
  id: 'HISTORY-DELIVERY-ORDER',
  title: 'delivery records are listed newest first',
  requirements: ['DLV-ORDER'],
  level: 'should',
  uses: ['createWebhook', 'sendMessage', 'listWebhookDeliveries'],
  history: { rule: 'delivery-order', drivers: [driver], evidence: 'listing of two or more delivery records' },
});

/** How far apart the drive's two test sends go: more than two slacks of a stamp and a millisecond (rules/history-rules/record-stamps.ts). */
const stampSpreadMs = 2 * stampSlackMs + 30;

/**
 * spec §2.4 (DESIGN.md's reading): a record's delivered_at is when its attempt was made, not a stamp fixed once. Two
 * test sends to one webhook, stampSpreadMs apart, then its log: two records the receiver saw apart (the other drives'
 * attempts are often closer than the rule's slack). 4 requests and the pause, run with the other checks.
 */
const stamps = defineWebhookCheck({
  id: 'HISTORY-DELIVERY-RECORD-STAMPS',
  title: 'records of one webhook share a delivered_at only for attempts the receiver saw at one time',
  suite,
  requirements: ['DLV-DELIVERED-AT-ATTEMPT'],
  level: 'should',
  uses: ['testWebhook', 'listWebhookDeliveries'],
  estimate: { requests: 5, sends: 0 },
  history: {
    rule: 'record-stamps',
    drivers: [driver, 'HISTORY-DELIVERY-SUBSCRIPTION'],
    evidence: 'listing of two or more records of attempts the receiver answered',
  },
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    await hooks.testSend(hook);
    await settle(stampSpreadMs);
    await hooks.testSend(hook);
    await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries` });
  },
});

/** The delivery checks judged over the receiver's answers. */
export const deliveryAnswerChecks: readonly Check[] = [notRetried, attempts, records, retryResigned, order, stamps];
