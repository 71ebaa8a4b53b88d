import type { Delivery } from '../../receiver/index.js';
import type { Message } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { scanMessages } from './pagination-walk.js';
import { firstDifference, roundTripCases } from './round-trip-values.js';
import type { RoundTripCase } from './round-trip-values.js';
import { send, sentMessage, sentTemplate, templateData, uniqueToken } from './scenario-helpers.js';
import { allWebhookEvents } from './webhook-fixture.js';
import { arrivalsAt, dataOf, deliveryWaitMs, eventOf, finalMessage, maybeArrival, messageEventCheck, reports } from './webhook-helpers.js';
import { recipientFor } from './numbers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/round-trip';
const fields = ['to', 'from', 'message'] as const;

/**
 * The recipients of the round-trip sends: one not on the target's failing list (those messages fail on purpose), and
 * on a guarded target one of --allow-recipient (DESIGN.md §5), whose own digits then stand in for the exposing ones.
 */
function recipientsFor(ctx: CheckContext): { recipient: () => string; ownNumbersOnly: boolean } {
  return { recipient: () => recipientFor(ctx), ownNumbersOnly: (ctx.http.allowedRecipients ?? []).length > 0 };
}

/** The differences between what was sent and a Message-like object where it came back ("message: …"). */
function differences(sent: RoundTripCase, got: unknown): string[] {
  const shown = (got ?? {}) as Record<string, unknown>;
  return fields.filter((field) => shown[field] !== sent[field]).map((field) => `${field}: ${firstDifference(sent[field], shown[field])}`);
}

/** Collects findings per requirement and fails once, naming every requirement a finding showed broken. */
class Findings {
  private readonly found: { text: string; breaks: string; exchange?: Exchange }[] = [];

  add(breaks: string, text: string, exchange?: Exchange): void {
    this.found.push({ text, breaks, ...(exchange ? { exchange } : {}) });
  }

  settle(ctx: CheckContext, what: string): void {
    const [first] = this.found;
    if (first === undefined) return;
    const requirements = [...new Set(this.found.map((f) => f.breaks))];
    ctx.fail(
      `${this.found.length} ${what}: ${this.found
        .slice(0, 4)
        .map((f) => f.text)
        .join(' | ')}`,
      { requirements, ...(first.exchange ? { exchange: first.exchange } : {}) },
    );
  }
}

/** spec §1, §4.1: every value a send sets comes back exactly in the answer, GET by id and the list. */
export const valuesRoundTrip = defineCheck({
  id: 'ROUND-TRIP-VALUES',
  title: 'to, from and message chosen to expose normalisation come back exactly from the send, GET by id and the list',
  suite,
  requirements: ['MSG-SEND-ECHO', 'MSG-GET-RESPONSE', 'MSG-LIST-ECHO'],
  level: 'must',
  needs: ['billable'],
  uses: ['sendMessage', 'getMessage', 'listMessages'],
  reads: ['id', 'to', 'from', 'message', 'data', 'pagination'],
  async run(ctx) {
    const findings = new Findings();
    const sent = new Map<string, RoundTripCase>();
    let last: Exchange | undefined;
    for (const kase of roundTripCases(recipientsFor(ctx))) {
      const exchange = await send(ctx, 'freeForm', { to: kase.to, from: kase.from, message: kase.message });
      // a valid send refused (code points are the characters: round-trip-values.ts) shows MSG-SEND-SUCCESS-2XX broken
      const answer = sentMessage(ctx.citing('MSG-SEND-SUCCESS-2XX'), exchange, `sending ${kase.label}`);
      last = exchange;
      sent.set(answer.id, kase);
      for (const diff of differences(kase, answer)) findings.add('MSG-SEND-ECHO', `send answer, ${kase.label}: ${diff}`, exchange);
      const read = await ctx.http.request({ method: 'GET', path: `/v1/messages/${encodeURIComponent(answer.id)}` });
      ctx.expectStatus(read, '2xx', `GET of the message sent with ${kase.label}`, 'MSG-GET-RESPONSE');
      for (const diff of differences(kase, read.json)) findings.add('MSG-GET-RESPONSE', `GET /v1/messages/{id}, ${kase.label}: ${diff}`, read);
    }
    const since = Date.parse((last as Exchange).headers.date ?? '') - 60_000;
    const scan = await scanMessages(ctx, { ...(Number.isNaN(since) ? {} : { since }) });
    const listed = scan.items.filter((m: Message) => sent.has(m.id));
    // a list too long to read whole (not newest first) cannot show a message missing: only what it showed is judged
    if (!scan.complete) ctx.log('the message list is too long to read whole: messages not found in it are not judged');
    for (const [id, kase] of sent) {
      const item = listed.find((m) => m.id === id);
      if (item === undefined && scan.complete) findings.add('MSG-LIST-CONTAINS-CREATED', `the list does not hold the message sent with ${kase.label} (${id})`);
      else if (item !== undefined) for (const diff of differences(kase, item)) findings.add('MSG-LIST-ECHO', `GET /v1/messages item, ${kase.label}: ${diff}`);
    }
    findings.settle(ctx, 'values did not come back exactly as sent');
  },
});

/** DESIGN.md §4: template variables appear in the content exactly; metadata, where the target shows it, is the request's. */
export const templateRoundTrip = defineCheck({
  id: 'ROUND-TRIP-TEMPLATE',
  title: 'send-template variables chosen to expose normalisation appear exactly in the content; metadata comes back as sent',
  suite,
  requirements: ['TPL-RENDERED', 'TPL-METADATA-ECHO'],
  level: 'should',
  needs: ['billable', 'templates'],
  uses: ['sendTemplateMessage', 'getMessage'],
  async run(ctx) {
    const template = sentTemplate(ctx);
    const findings = new Findings();
    const recipients = recipientsFor(ctx);
    const { recipient } = recipients;
    const values = roundTripCases(recipients)
      .slice(0, 5)
      .map((kase) => kase.message);
    for (const [index, value] of values.entries()) {
      // each variable gets the tricky value with a token, so it is recognisable in the rendered text
      const data = Object.fromEntries(Object.keys(templateData(template, uniqueToken())).map((name) => [name, `${value}${index}`]));
      const metadata = { note: value, nested: { list: [value, 1, true, null] } };
      const exchange = await send(ctx, 'template', { template: template.id, to: recipient(), data, metadata });
      const answer = sentMessage(ctx.citing('TPL-RENDERED'), exchange, 'a send-template with tricky variables');
      const read = await ctx.http.request({ method: 'GET', path: `/v1/messages/${encodeURIComponent(answer.id)}` });
      for (const [where, shown] of [
        ['send answer', answer],
        ['GET /v1/messages/{id}', read.json as Record<string, unknown> | undefined],
      ] as const) {
        const text = String(shown?.message ?? '');
        for (const [name, given] of Object.entries(data)) {
          if (!text.includes(given))
            findings.add(
              'TPL-RENDERED',
              `${where}: variable ${name} is not in the text exactly (${firstDifference(given, text.slice(0, given.length))})`,
              exchange,
            );
        }
        if (shown !== undefined && 'metadata' in shown && JSON.stringify(shown.metadata) !== JSON.stringify(metadata)) {
          findings.add('TPL-METADATA-ECHO', `${where}: metadata is ${JSON.stringify(shown.metadata).slice(0, 120)}, not the request's`, exchange);
        }
      }
    }
    findings.settle(ctx, 'template values did not come back exactly');
  },
});

/** DESIGN.md §4: every webhook payload that carries a message's to, from or message carries them exactly. */
export const payloadRoundTrip = defineWebhookCheck({
  id: 'ROUND-TRIP-PAYLOADS',
  title: 'webhook payloads that carry to, from or message carry exactly the values the message was sent with',
  suite,
  requirements: ['EVT-PAYLOAD-ECHO'],
  level: 'should',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const hook = await hooks.create(allWebhookEvents);
    const sent = new Map<string, RoundTripCase>();
    for (const kase of roundTripCases(recipientsFor(ctx))) {
      const exchange = await send(ctx, 'freeForm', { to: kase.to, from: kase.from, message: kase.message });
      sent.set(sentMessage(ctx, exchange, `sending ${kase.label}`).id, kase);
    }
    // every message's terminal event (or the bound): their payloads are compared with what was sent
    await Promise.all(
      [...sent.keys()].map(async (id) => {
        const final = await finalMessage(ctx, id);
        const terminal = final.status === 'failed' ? 'message.failed' : 'message.delivered';
        await maybeArrival(ctx, (d: Delivery) => d.path === hook.path && reports(d, id) && eventOf(d) === terminal, deliveryWaitMs, hook.path);
      }),
    );
    const findings = new Findings();
    let carrying = 0;
    for (const delivery of arrivalsAt(ctx, hook.path)) {
      const data = dataOf(delivery);
      const kase = typeof data?.id === 'string' ? sent.get(data.id) : undefined;
      if (data === undefined || kase === undefined) continue;
      const present = fields.filter((field) => field in data);
      if (present.length > 0) carrying++;
      for (const field of present) {
        if (data[field] !== kase[field])
          findings.add(
            'EVT-PAYLOAD-ECHO',
            `#${delivery.seq} ${eventOf(delivery) ?? '?'}, ${kase.label}: ${field}: ${firstDifference(kase[field], data[field])}`,
          );
      }
    }
    ctx.log(`${carrying} payloads carried to, from or message`);
    findings.settle(ctx, 'payload values differ from what was sent');
  },
});

/** The round-trip suite (issue 16): one line in suites/index.ts. */
export const checks = [valuesRoundTrip, templateRoundTrip, payloadRoundTrip];
