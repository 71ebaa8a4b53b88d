import type { Delivery } from '../../receiver/index.js';
import { howToSet } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { payloadProblem } from './payload-problem.js';
import { allWebhookEvents } from './webhook-fixture.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';
import { arrivalsAt, dataOf, deliveryWaitMs, eventOf, finalMessage, maybeArrival, messageEventCheck, reports } from './webhook-helpers.js';
import { failingRecipients, recipientFor } from './numbers.js';
import { sendMessage } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/deliveries';

/** The status a message must have when an event of this kind names it (spec §6: entering it is what is reported). */
const terminalOf: Readonly<Record<string, string>> = { 'message.delivered': 'delivered', 'message.failed': 'failed' };

/** What one observation captured: the webhook, the messages sent (id → final status) and every delivery at its path. */
interface EventObservation {
  readonly hook: CreatedWebhook;
  readonly messages: ReadonlyMap<string, string>;
  readonly deliveries: readonly Delivery[];
}

/**
 * Registers a webhook for every kind, makes a test send, and sends two messages one after the other: one to a normal
 * recipient and one to the target's failing recipient (DESIGN.md §4), else a second normal one; waits for both
 * terminal events at once, matched by their fields (event and data.id, never a substring of the body).
 */
async function observeEvents(ctx: CheckContext, hooks: WebhookFixture): Promise<EventObservation> {
  const hook = await hooks.create(allWebhookEvents);
  await hooks.testSend(hook);
  const failing = failingRecipients(ctx.target)[0];
  if (failing === undefined) ctx.log(`no failing recipient given: message.failed is not observed (${howToSet('failingRecipient')})`);
  const messages = new Map<string, string>();
  // both lifecycles at once (sent one after the other, in this order): the wait is one lifecycle, not two
  const ids: string[] = [];
  for (const to of [recipientFor(ctx), failing ?? recipientFor(ctx)]) ids.push(await sendMessage(ctx, to));
  const finals = await Promise.all(
    ids.map(async (id) => {
      const final = await finalMessage(ctx, id);
      const terminal = final.status === 'failed' ? 'message.failed' : 'message.delivered';
      await maybeArrival(ctx, (d) => d.path === hook.path && reports(d, id) && eventOf(d) === terminal, deliveryWaitMs, hook.path);
      return String(final.status);
    }),
  );
  ids.forEach((id, i) => messages.set(id, finals[i] as string));
  return { hook, messages, deliveries: arrivalsAt(ctx, hook.path) };
}

/**
 * spec §6: each message event names the message it reports in data.id: GET by that id answers a message (in the state
 * the event reports, for delivered and failed); every message sent gets its terminal event, and message.failed
 * carries failure_reason.
 */
export const deliveriesMatch = defineWebhookCheck({
  id: 'EVENT-DELIVERIES-MATCH',
  title: 'every event delivery names in data.id a message in the state it reports; each message gets its terminal event; message.failed carries failure_reason',
  suite,
  requirements: ['EVT-DATA-ID-MATCHES', 'EVT-STATUS-REPORTED', 'EVT-FAILED-REASON'],
  level: 'must',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { messages, deliveries } = await observeEvents(ctx, hooks);
    const events = deliveries.filter((d) => eventOf(d) !== 'test.webhook.sent');
    const read = new Map<string, unknown>();
    for (const delivery of events) {
      const id = dataOf(delivery)?.id;
      if (typeof id !== 'string' || read.has(id)) continue;
      const exchange = await ctx.http.request({ method: 'GET', path: `/v1/messages/${encodeURIComponent(id)}` });
      read.set(id, exchange.status !== undefined && exchange.status < 300 ? (exchange.json as { status?: unknown } | undefined)?.status : undefined);
    }
    const wrong = events.flatMap((d) => {
      const event = eventOf(d) ?? '?';
      const id = dataOf(d)?.id;
      if (typeof id !== 'string') return [];
      if (!read.has(id) || read.get(id) === undefined) return [`#${d.seq} ${event} names ${id}, which GET /v1/messages/{id} does not answer`];
      const wanted = terminalOf[event];
      return wanted === undefined || read.get(id) === wanted ? [] : [`#${d.seq} ${event} names ${id}, which is ${String(read.get(id))}`];
    });
    ctx.expect(
      wrong.length === 0,
      `${wrong.length} event deliveries name another message than the one they report: ${wrong.slice(0, 3).join('; ')}`,
      'EVT-DATA-ID-MATCHES',
    );
    for (const [id, status] of messages) {
      const kind = status === 'failed' ? 'message.failed' : 'message.delivered';
      if (status !== 'failed' && status !== 'delivered') continue; // spec §3 shows no transitions: nothing to expect
      const mine = events.filter((d) => reports(d, id) && eventOf(d) === kind);
      ctx.expect(
        mine.length > 0,
        `message ${id} ended ${status} but no ${kind} with data.id ${id} arrived`,
        kind === 'message.failed' ? 'EVT-FAILED-REASON' : 'EVT-STATUS-REPORTED',
      );
      for (const d of kind === 'message.failed' ? mine : []) {
        const reason = dataOf(d)?.failure_reason;
        ctx.expect(
          typeof reason === 'string' && reason !== '',
          `message.failed #${d.seq} carries failure_reason ${JSON.stringify(reason)}, expected a non-empty string`,
          'EVT-FAILED-REASON',
        );
      }
    }
  },
});

/** DESIGN.md §4 and spec §6: every delivery is POSTed as application/json and has its event's decided payload shape. */
export const deliveriesDecided = defineWebhookCheck({
  id: 'EVENT-DELIVERIES-DECIDED',
  title: "every delivery (test send and both messages' events) is application/json and has DESIGN.md's payload shape for its event",
  suite,
  requirements: ['EVT-JSON-CONTENT-TYPE', 'EVT-DESIGN-PAYLOADS'],
  level: 'should',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const { deliveries } = await observeEvents(ctx, hooks);
    const notJson = deliveries.filter((d) => !/^application\/json\s*(;|$)/i.test(d.headers['content-type'] ?? ''));
    ctx.expect(
      notJson.length === 0,
      `${notJson.length} of ${deliveries.length} deliveries are not application/json: ${notJson
        .slice(0, 3)
        .map((d) => `#${d.seq} ${JSON.stringify(d.headers['content-type'] ?? null)}`)
        .join(', ')}`,
      'EVT-JSON-CONTENT-TYPE',
    );
    const shapes = deliveries.flatMap((d) => {
      const problem = payloadProblem(d, true);
      return problem === undefined ? [] : [`#${d.seq}: ${problem.why}`];
    });
    ctx.expect(
      shapes.length === 0,
      `${shapes.length} of ${deliveries.length} payloads differ from DESIGN.md's shape: ${shapes.slice(0, 3).join(' | ')}`,
      'EVT-DESIGN-PAYLOADS',
    );
  },
});

export const eventDeliveryChecks = [deliveriesMatch, deliveriesDecided];
