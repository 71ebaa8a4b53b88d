import type { Delivery } from '../../receiver/index.js';
import { describeInboundTrigger, sendInboundTrigger } from '../../targets/index.js';
import type { InboundText, Profile, Target } from '../../targets/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { arrivalMark, awaitShaped } from './misshapen-arrivals.js';
import { dataOf, deliveryWaitMs, eventOf, maybeArrival } from './webhook-helpers.js';
import { uniqueToken } from './scenario-helpers.js';
import { fictionalNumber, senderNumber } from './numbers.js';

const suite = 'scenarios/inbound';

/**
 * spec §6: "The simulator also emits message.received when a virtual phone sends an incoming message", and spec §8
 * sends the simulator's webhooks to its one configured URL: message.received is seen there (no webhook can subscribe
 * to it: spec §4.2 lists four kinds).
 */
function atOneUrl(profile: Profile, target: Target): true | string {
  if (!profile.webhooksToOneUrl) return `message.received is a simulator event (spec §6), sent to its one webhook URL: the ${profile.name} profile has none`;
  return target.oneWebhookPath
    ? true
    : 'the harness does not know the simulator’s webhook URL: pass --simulator-webhook-url <the URL the simulator was started with>';
}

const inboundCheck = { suite, needs: ['receiver', 'inboundTrigger'], deliveriesTo: 'one-url', appliesTo: atOneUrl } as const;

/**
 * The message.received delivery of one inbound text, after the trigger sent it (a failure when the trigger was refused;
 * misshapen arrivals at the URL since the trigger are a failure too: misshapen-arrivals.ts).
 */
async function receivedAfterTrigger(ctx: CheckContext, text: InboundText): Promise<Delivery | undefined> {
  const trigger = ctx.target.conventions.inboundTrigger;
  if (trigger === undefined) return ctx.skip('no inbound trigger');
  const path = ctx.target.oneWebhookPath as string;
  const mark = arrivalMark(ctx, path);
  const answer = await sendInboundTrigger(trigger, ctx.target.baseUrl, text, 10_000);
  const ok = answer.status !== undefined && answer.status >= 200 && answer.status < 300;
  ctx.expect(
    ok,
    `the inbound trigger (${answer.sent}) answered ${answer.status ?? `nothing: ${answer.error ?? ''}`}: check the setting (now "${describeInboundTrigger(trigger)}")`,
  );
  const received = (d: Delivery) => d.path === path && eventOf(d) === 'message.received' && dataOf(d)?.message === text.message;
  // every event goes to that one URL, one at a time: arrivals there show the target still working through its queue
  const what = `the message.received of "${text.message}"`;
  return awaitShaped(ctx, path, mark, what, () => maybeArrival(ctx, received, deliveryWaitMs, path, what));
}

/** A fresh inbound text: a fictional phone texts the sender number the scenarios use, with a unique message. */
const inboundText = (): InboundText => ({ from: fictionalNumber(), to: senderNumber, message: `inbound ${uniqueToken()}` });

const payloadFields = ['id', 'to', 'from', 'message', 'status', 'created_at'] as const;

/** spec §6: "For message.received, the service has id, to, from, message, status, created_at" (the service: data). */
const receivedPayload = defineCheck({
  ...inboundCheck,
  id: 'INBOUND-RECEIVED-PAYLOAD',
  title: 'a virtual phone’s text is sent as message.received with id, to, from, message, status and created_at in data',
  requirements: ['EVT-RECEIVED-PAYLOAD', 'EVT-PAYLOAD-SHAPE'],
  level: 'must',
  async run(checkCtx) {
    // its subject names every expectation but the shape's (EVT-PAYLOAD-SHAPE, misshapen-arrivals.ts)
    const ctx = checkCtx.citing('EVT-RECEIVED-PAYLOAD');
    const text = inboundText();
    const delivery = await receivedAfterTrigger(ctx, text);
    ctx.expect(delivery !== undefined, `no message.received with the message "${text.message}" reached the configured webhook URL within ${deliveryWaitMs} ms`);
    ctx.evidence(`a message.received delivery for the phone's text`);
    const data = dataOf(delivery as Delivery) ?? {};
    const missing = payloadFields.filter((field) => typeof data[field] !== 'string' || data[field] === '');
    ctx.expect(missing.length === 0, `message.received data lacks ${missing.join(', ')} (spec §6: id, to, from, message, status, created_at)`);
    ctx.expect(
      data.from === text.from && data.to === text.to,
      `message.received data has from ${String(data.from)} and to ${String(data.to)}, the phone texted ${text.from} → ${text.to}`,
    );
  },
});

/** spec §2.1: the sample payload's status "received" is outside the Message enum; which one the target sends is recorded. */
const receivedStatus = defineCheck({
  ...inboundCheck,
  id: 'INBOUND-RECEIVED-STATUS',
  title: 'the status of message.received payloads is recorded (the spec’s sample says received, outside the enum)',
  requirements: ['EVT-RECEIVED-STATUS'],
  level: 'observe',
  async run(ctx) {
    // observe: what came in another shape is noted here and failed by INBOUND-RECEIVED-PAYLOAD (EVT-PAYLOAD-SHAPE)
    const delivery = await receivedAfterTrigger(ctx, inboundText());
    ctx.expect(delivery !== undefined, `no message.received reached the configured webhook URL within ${deliveryWaitMs} ms`);
    ctx.evidence('a message.received delivery');
    const status = dataOf(delivery as Delivery)?.status;
    ctx.log(`message.received data.status: ${JSON.stringify(status)}`);
    const known = ['received', 'queued', 'pending', 'sent', 'delivered', 'failed'];
    ctx.expect(
      typeof status === 'string' && known.includes(status),
      `message.received data.status is ${JSON.stringify(status)}: neither "received" (spec §2.1 sample) nor a Message status`,
    );
  },
});

/**
 * spec §1: "a web UI with virtual phones for simulating incoming messages". Through the request its UI makes (the
 * inbound trigger), a text becomes an inbound Message (GET /v1/messages?direction=inbound lists it) and a
 * message.received event. The page itself is the simulator's own test (test/simulator-ui, a real browser): a harness
 * that drives one browser per run would weigh more than everything else it does.
 */
const virtualPhones = defineCheck({
  ...inboundCheck,
  id: 'SIMULATOR-VIRTUAL-PHONE-INBOUND',
  title: 'simulator: a virtual phone’s text becomes an inbound message (listed) and a message.received event',
  requirements: ['SIM-VIRTUAL-PHONES', 'EVT-PAYLOAD-SHAPE'],
  level: 'must',
  uses: ['listMessages'],
  async run(checkCtx) {
    const ctx = checkCtx.citing('SIM-VIRTUAL-PHONES');
    const text = inboundText();
    const delivery = await receivedAfterTrigger(ctx, text);
    ctx.expect(delivery !== undefined, `no message.received for the virtual phone’s text reached the configured webhook URL within ${deliveryWaitMs} ms`);
    const listed = await ctx.http.request({ method: 'GET', path: '/v1/messages', query: { direction: 'inbound', limit: 100 } });
    ctx.expectStatus(listed, '2xx', 'GET /v1/messages?direction=inbound');
    const data = (listed.json as { data?: unknown } | undefined)?.data;
    const mine = Array.isArray(data) ? data.find((m) => (m as { message?: unknown }).message === text.message) : undefined;
    ctx.expect(mine !== undefined, `the virtual phone’s text "${text.message}" is not among the inbound messages listed`, { exchange: listed });
    ctx.expect(
      (mine as { direction?: unknown }).direction === 'inbound',
      `the virtual phone’s text is listed with direction ${String((mine as { direction?: unknown }).direction)}`,
      {
        exchange: listed,
      },
    );
  },
});

/** The inbound-message checks (spec §6 message.received, spec §1 virtual phones). */
export const checks: readonly Check[] = [receivedPayload, receivedStatus, virtualPhones];
