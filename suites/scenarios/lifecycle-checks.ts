import type { Delivery } from '../../receiver/index.js';
import { howToSet } from '../../targets/index.js';
import { expectThat } from '../checks/index.js';
import { allDeliveryRecords } from './delivery-records.js';
import { payloadProblem } from './payload-problem.js';
import { describeArrivals, observeLifecycle, reportedStatus, statusRank } from './lifecycle-run.js';
import { allWebhookEvents } from './webhook-fixture.js';
import { arrivalsAt, dataOf, deliveryBacklogMs, deliveryWaitMs, eventOf, maybeArrival, messageEventCheck, reports } from './webhook-helpers.js';
import { failingRecipients } from './numbers.js';
import { sendMessage } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/lifecycle';

/** spec §6: a payload is {event, data}; per-event fields (message.delivered id, message.failed id + failure_reason). */
export const payloadShape = defineWebhookCheck({
  id: 'LIFECYCLE-PAYLOAD-SHAPE',
  title: 'every delivery body is {event, data} and matches its event kind (test send and a message lifecycle)',
  suite,
  requirements: ['EVT-PAYLOAD-SHAPE', 'EVT-KIND-MATCHES'],
  level: 'must',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { hook } = await observeLifecycle(ctx, hooks);
    await hooks.testSend(hook);
    // every delivery at this webhook's path was meant for it, whichever message it names (or fails to name)
    const all = arrivalsAt(ctx, hook.path);
    const problems = all.flatMap((d) => {
      const problem = payloadProblem(d);
      return problem === undefined ? [] : [{ text: `#${d.seq}: ${problem.why}`, breaks: problem.breaks }];
    });
    const broken = [...new Set(problems.map((p) => p.breaks))];
    ctx.expect(
      problems.length === 0,
      `${problems.length} of ${all.length} payloads break the spec §6 shape: ${problems
        .slice(0, 3)
        .map((p) => p.text)
        .join(' | ')}`,
      { requirements: broken.length > 0 ? broken : ['EVT-PAYLOAD-SHAPE'] },
    );
  },
});

/** spec §6 + DESIGN.md §4: only subscribed kinds are delivered; message.delivered reports the message id. */
export const subscribedOnly = defineWebhookCheck({
  id: 'LIFECYCLE-SUBSCRIBED-ONLY',
  title: 'a webhook subscribed to message.delivered receives its delivered event with data.id and nothing else',
  suite,
  requirements: ['EVT-SUBSCRIBED-ONLY', 'EVT-STATUS-REPORTED', 'EVT-DELIVERED-ID'],
  level: 'must',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const only = await hooks.create(['message.delivered']);
    const every = await hooks.create(allWebhookEvents);
    const id = await sendMessage(ctx);
    const delivered = (path: string) => (d: Delivery) => d.path === path && reports(d, id) && eventOf(d) === 'message.delivered';
    for (const [hook, where] of [
      [only, 'the subscribed webhook'],
      [every, 'the webhook subscribed to all kinds'],
    ] as const) {
      if (await maybeArrival(ctx, delivered(hook.path), deliveryWaitMs, hook.path)) continue;
      // a message.delivered arrived but names no message in data.id: the payload lacks its id (spec §6)
      const unnamed = arrivalsAt(ctx, hook.path).find((d) => eventOf(d) === 'message.delivered' && typeof dataOf(d)?.id !== 'string');
      ctx.fail(
        unnamed
          ? `a message.delivered arrived at ${where} without data.id (data keys: ${Object.keys(dataOf(unnamed) ?? {}).join(', ')})`
          : `no message.delivered for ${id} arrived at ${where} within ${deliveryWaitMs} ms of its last delivery (${deliveryBacklogMs} ms at most)`,
        unnamed ? 'EVT-DELIVERED-ID' : 'EVT-STATUS-REPORTED',
      );
    }
    const others = arrivalsAt(ctx, only.path).filter((d) => eventOf(d) !== 'message.delivered');
    ctx.expect(others.length === 0, `a webhook subscribed to message.delivered only received ${describeArrivals(others)}`, 'EVT-SUBSCRIBED-ONLY');
    const records = await allDeliveryRecords(ctx, only.id);
    const foreign = records.filter((r) => r.event !== 'message.delivered');
    ctx.expect(foreign.length === 0, `its delivery log records ${foreign.map((r) => String(r.event)).join(', ')}`, 'EVT-SUBSCRIBED-ONLY');
  },
});

/** DESIGN.md §4: events of one message arrive in lifecycle order; sent / delivered are sent on entering them. */
export const eventsInOrder = defineWebhookCheck({
  id: 'LIFECYCLE-EVENTS-IN-ORDER',
  title: 'a message produces message.sent then message.delivered, and status updates in lifecycle order',
  suite,
  requirements: ['EVT-LIFECYCLE-ORDER', 'EVT-STATUS-MAPPING'],
  level: 'should',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { deliveries, final } = await observeLifecycle(ctx, hooks);
    const seen = describeArrivals(deliveries);
    ctx.expect(final.status === 'delivered', `the message ended ${String(final.status)}, expected delivered`, 'MSG-LIFECYCLE');
    const sent = deliveries.findIndex((d) => eventOf(d) === 'message.sent');
    const delivered = deliveries.findIndex((d) => eventOf(d) === 'message.delivered');
    ctx.expect(sent >= 0 && delivered >= 0, `message.sent and message.delivered must both arrive; arrived: ${seen}`, 'EVT-STATUS-MAPPING');
    ctx.expect(sent < delivered, `message.delivered arrived before message.sent: ${seen}`, 'EVT-LIFECYCLE-ORDER');
    const ranks = deliveries.filter((d) => eventOf(d) === 'message.status.updated').map((d) => statusRank[String(reportedStatus(d))] ?? -1);
    ctx.expect(
      ranks.every((rank, i) => i === 0 || rank > (ranks[i - 1] as number)),
      `status updates out of lifecycle order: ${seen}`,
      'EVT-LIFECYCLE-ORDER',
    );
  },
});

/**
 * DESIGN.md §4: message.status.updated on every status change, ending at what GET shows. A message that no update and
 * no read ever showed pending, while sent and delivered were reported, skipped that step of DESIGN's lifecycle
 * (MSG-LIFECYCLE): it made no change it did not report.
 */
export const statusUpdated = defineWebhookCheck({
  id: 'LIFECYCLE-STATUS-UPDATED',
  title: 'message.status.updated arrives for pending, sent and delivered, each for the message, the last as GET shows it',
  suite,
  requirements: ['EVT-STATUS-UPDATED', 'MSG-LIFECYCLE'],
  level: 'should',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { deliveries, final, messageId, statusesRead } = await observeLifecycle(ctx, hooks, { events: ['message.status.updated'] });
    const updates = deliveries.filter((d) => eventOf(d) === 'message.status.updated');
    const statuses = updates.map((d) => String(reportedStatus(d)));
    const arrived = describeArrivals(deliveries);
    const laterReported = statuses.includes('sent') && statuses.includes('delivered');
    if (!statuses.includes('pending') && laterReported && !statusesRead.has('pending')) {
      ctx.fail(
        `message ${messageId} was never shown pending, by an update or by any of its reads (${[...statusesRead].map(String).join(', ')}); arrived: ${arrived}`,
        'MSG-LIFECYCLE',
      );
    }
    for (const status of ['pending', 'sent', 'delivered']) {
      ctx.expect(statuses.includes(status), `no message.status.updated for ${status}; arrived: ${arrived}`, 'EVT-STATUS-UPDATED');
    }
    ctx.expect(
      statuses.at(-1) === final.status,
      `the last status update says ${statuses.at(-1)}, GET /v1/messages/{id} says ${String(final.status)}`,
      'EVT-STATUS-UPDATED',
    );
    ctx.expect(
      updates.every((d) => dataOf(d)?.id === messageId),
      'a status update does not carry the message id in data.id',
      'EVT-STATUS-UPDATED',
    );
  },
});

/** spec §6: message.failed carries id and failure_reason; needs a recipient the target fails on purpose. */
export const failedReason = defineWebhookCheck({
  id: 'LIFECYCLE-FAILED-REASON',
  title: 'a message to a failing recipient produces message.failed with data.id and a failure_reason string',
  suite,
  requirements: ['EVT-FAILED-REASON'],
  level: 'must',
  ...messageEventCheck,
  needs: [...messageEventCheck.needs, 'failingRecipient'],
  async run(ctx, hooks) {
    const to = failingRecipients(ctx.target)[0] as string;
    const { deliveries, final, messageId } = await observeLifecycle(ctx, hooks, { events: ['message.failed'], to });
    // spec §3 shows no transitions: a recipient that does not fail is a wrong setting here, not a failure of §6
    if (final.status !== 'failed')
      ctx.skip(
        `the message to the failing recipient ${to} ended ${String(final.status)}, not failed: no message.failed to judge; check ${howToSet('failingRecipient')}`,
      );
    const failed = deliveries.find((d) => eventOf(d) === 'message.failed');
    expectThat(failed !== undefined, `no message.failed arrived for ${messageId}; arrived: ${describeArrivals(deliveries)}`);
    const data = dataOf(failed);
    expectThat(data?.id === messageId, `message.failed data.id is ${JSON.stringify(data?.id)}, expected ${messageId}`);
    ctx.expect(
      typeof data.failure_reason === 'string' && data.failure_reason !== '',
      `message.failed data.failure_reason is ${JSON.stringify(data.failure_reason)}, expected a non-empty string`,
    );
  },
});

/** spec §6: payloads of message.sent and message.status.updated are not shown; record what they carry. */
export const sentPayload = defineWebhookCheck({
  id: 'LIFECYCLE-SENT-PAYLOAD',
  title: 'the data fields of message.sent and message.status.updated payloads are recorded',
  suite,
  requirements: ['EVT-SENT-PAYLOAD'],
  level: 'observe',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { deliveries } = await observeLifecycle(ctx, hooks, { events: ['message.sent', 'message.status.updated'] });
    for (const kind of ['message.sent', 'message.status.updated']) {
      const one = deliveries.find((d) => eventOf(d) === kind);
      ctx.log(
        `${kind}: ${
          one
            ? `data fields ${Object.keys(dataOf(one) ?? {})
                .sort()
                .join(', ')}`
            : 'none arrived'
        }`,
      );
    }
  },
});

export const lifecycleChecks = [payloadShape, subscribedOnly, eventsInOrder, statusUpdated, failedReason, sentPayload];
