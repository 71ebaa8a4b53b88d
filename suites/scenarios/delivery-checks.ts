import type { CheckContext } from '../checks/index.js';
import { expectThat } from '../checks/index.js';
import { allDeliveryRecords, deliveryPage, latestTestRecord, readDeliveries, recordsOwed } from './delivery-records.js';
import type { DeliveryRecordLike } from './delivery-records.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';
import { deliveryWaitMs, eventOf, maybeArrival, messageEventCheck, reports } from './webhook-helpers.js';
import { sendMessage } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/deliveries';

/** A webhook (subscribed to message.failed only, so its log holds little else) with `tests` test sends. */
async function hookWithTests(ctx: CheckContext, hooks: WebhookFixture, tests: number): Promise<CreatedWebhook> {
  const hook = await hooks.create(['message.failed']);
  for (let i = 0; i < tests && !ctx.signal.aborted; i++) await hooks.testSend(hook);
  await recordsOwed(ctx);
  return hook;
}

/** What `read` saw between two reads of the whole log (ids, limit 100), and whether the log held still meanwhile. */
interface SteadyRead<T> {
  readonly before: readonly unknown[];
  readonly seen: T;
  readonly steady: boolean;
}

/**
 * Runs `read` between two reads of the webhook's whole log, up to 3 times, until the log held still (another check's
 * failed message reaches every webhook subscribed to message.failed); the last try is returned even when it did not.
 */
async function readWhileSteady<T>(ctx: CheckContext, webhookId: string, read: (before: readonly unknown[]) => Promise<T>): Promise<SteadyRead<T>> {
  let last: SteadyRead<T> | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const before = (await deliveryPage(ctx, webhookId, { limit: 100 })).map((r) => r.id);
    const seen = await read(before);
    const after = (await deliveryPage(ctx, webhookId, { limit: 100 })).map((r) => r.id);
    last = { before, seen, steady: JSON.stringify(before) === JSON.stringify(after) };
    if (last.steady) break;
  }
  return last as SteadyRead<T>;
}

/** spec §4.2 deliveries: the positive baseline of listWebhookDeliveries. */
export const listAcceptsDefaults = defineWebhookCheck({
  id: 'DELIVERY-LIST-ACCEPTS-DEFAULTS',
  title: 'GET /v1/webhooks/{id}/deliveries without page or limit answers 2xx with the first page of records',
  suite,
  requirements: ['DLV-PAGE-DEFAULT'],
  level: 'must',
  baselineFor: 'listWebhookDeliveries',
  async run(ctx, hooks) {
    const hook = await hookWithTests(ctx, hooks, 1);
    const records = await deliveryPage(ctx, hook.id);
    // an empty first page is the default page's fault when page=1 holds the record, else the log's (read only then)
    const explicit = records.length === 0 ? await deliveryPage(ctx, hook.id, { page: 1 }) : records;
    ctx.expect(records.length >= 1 || explicit.length === 0, 'GET /v1/webhooks/{id}/deliveries without page holds no record, with page=1 it does');
    ctx.expect(explicit.length >= 1, 'GET /v1/webhooks/{id}/deliveries holds no record after a test send', 'WH-TEST-RECORDED');
  },
});

/** spec §4.2 + §2.4: a bare array of complete records of this webhook, each with its own id. */
export const listBareArray = defineWebhookCheck({
  id: 'DELIVERY-LIST-BARE-ARRAY',
  title: 'deliveries are a bare array of complete records (uuid ids, this webhook_id, enum event, nullable status_code)',
  suite,
  requirements: ['DLV-BARE-ARRAY', 'DLV-RECORD-FIELDS', 'DLV-WEBHOOK-ID', 'DLV-ID-UNIQUE', 'DLV-EVENT-ENUM'],
  level: 'must',
  async run(ctx, hooks) {
    const hook = await hookWithTests(ctx, hooks, 2);
    const { exchange } = await readDeliveries(ctx, hook.id);
    const records = ctx.expectSchema(exchange, 'DeliveryList', 'GET /v1/webhooks/{id}/deliveries', 'DLV-RECORD-FIELDS') as DeliveryRecordLike[];
    const foreign = records.filter((record) => record.webhook_id !== hook.id);
    ctx.expect(foreign.length === 0, `${foreign.length} records listed under webhook ${hook.id} carry another webhook_id`, {
      exchange,
      requirements: ['DLV-WEBHOOK-ID'],
    });
    ctx.expect(new Set(records.map((record) => record.id)).size === records.length, 'two delivery records share an id', {
      exchange,
      requirements: ['DLV-ID-UNIQUE'],
    });
    ctx.expect(records.length >= 2, `two test sends left ${records.length} records`, { exchange, requirements: ['WH-TEST-RECORDED'] });
  },
});

/** The reads both page checks judge, sent once per run (CheckContext.shared): the log whole, limit=1 pages 1..3, limit=2 and 3. */
const pageReads = 'deliveries of a webhook with three test sends, read whole and in pages';

/** A webhook with three test sends, its log read whole around single-record pages 1..3 and the first 2 and 3 records. */
function readPages(ctx: CheckContext, hooks: WebhookFixture) {
  return ctx.shared(pageReads, async () => {
    const hook = await hookWithTests(ctx, hooks, 3);
    const value = await readWhileSteady(ctx, hook.id, async () => {
      const singles = [];
      for (let page = 1; page <= 3; page++) singles.push(await deliveryPage(ctx, hook.id, { page, limit: 1 }));
      return { singles, two: await deliveryPage(ctx, hook.id, { limit: 2 }), defaults: await deliveryPage(ctx, hook.id, { limit: 3 }) };
    });
    return { value, complete: !ctx.signal.aborted };
  });
}

/** Both page checks: a webhook with three test sends, a full read and three single-record pages, and its delete. */
const pageCost = { requests: 12, sends: 0, shared: pageReads } as const;

/** spec §4.2: limit is honoured, and without page the first records come. */
export const pageLimitRespected = defineWebhookCheck({
  id: 'DELIVERY-PAGE-LIMIT-RESPECTED',
  estimate: pageCost,
  title: 'deliveries honour limit: no page holds more records than limit, and without page limit=2 and 3 are the first records',
  suite,
  requirements: ['DLV-LIMIT-HONOURED', 'DLV-PAGE-DEFAULT'],
  level: 'must',
  baseline: 'listWebhookDeliveries',
  async run(ctx, hooks) {
    const { before, seen } = await readPages(ctx, hooks);
    // fewer records than limit on a page breaks no limit: which records a page holds is DELIVERY-PAGES-PARTITION's
    for (const [index, page] of seen.singles.entries())
      ctx.expect(page.length <= 1, `page ${index + 1} with limit=1 holds ${page.length} records`, 'DLV-LIMIT-HONOURED');
    ctx.expect(seen.two.length <= 2, `limit=2 answered ${seen.two.length} records`, 'DLV-LIMIT-HONOURED');
    for (const [limit, page] of [
      [2, seen.two],
      [3, seen.defaults],
    ] as const)
      ctx.expect(
        JSON.stringify(page.map((r) => r.id)) === JSON.stringify(before.slice(0, limit)),
        `limit=${limit} without page is not the first ${limit} records`,
        'DLV-PAGE-DEFAULT',
      );
    ctx.evidence(`deliveries read with limit=1 pages 1..3, limit=2 and limit=3 (a log of ${before.length} records)`);
  },
});

/** DESIGN.md §4 (pages of an offset list): single-record pages 1..3 are the log's first three records, in order. */
export const pagesPartition = defineWebhookCheck({
  id: 'DELIVERY-PAGES-PARTITION',
  estimate: pageCost,
  title: 'deliveries pages under one limit neither overlap nor skip: limit=1 pages 1..3 are the first three records of the log',
  suite,
  requirements: ['DLV-PAGES-PARTITION'],
  level: 'should',
  baseline: 'listWebhookDeliveries',
  async run(ctx, hooks) {
    const { before, seen } = await readPages(ctx, hooks);
    // which record a page holds is judged only of a log that holds the three (DELIVERY-LIST-BARE-ARRAY judges the log)
    if (before.length < 3) ctx.skip(`three test sends left ${before.length} records in the log: no three pages to compare`);
    for (const [index, page] of seen.singles.entries()) {
      const shown = page.map((r) => String(r.id).slice(0, 40)).join(', ') || 'none';
      ctx.expect(page.length >= 1 && page[0]?.id === before[index], `page ${index + 1} with limit=1 holds ${shown}, not record ${index + 1} of the whole log`);
    }
    ctx.evidence(`deliveries read with limit=1 pages 1..3 beside the whole log of ${before.length} records`);
  },
});

/**
 * DESIGN.md §4 (pages of an offset list): a page past the last holds no record. The deliveries list carries no
 * pagination object (spec §4.2), so a client pages until a page comes back empty or short: a page past the end that
 * repeats the last one (a clamped offset) makes it read the same records again.
 */
export const pageBeyondLast = defineWebhookCheck({
  id: 'DELIVERY-PAGE-BEYOND-LAST',
  // a webhook with two test sends, the pages read (twice at most), and its delete
  estimate: { requests: 9, sends: 0 },
  title: 'deliveries: the page past the last one (limit=2) holds no record',
  suite,
  requirements: ['DLV-PAGE-BEYOND-LAST'],
  level: 'should',
  baseline: 'listWebhookDeliveries',
  async run(ctx, hooks) {
    const hook = await hookWithTests(ctx, hooks, 2);
    const page = (before: readonly unknown[]): number => Math.ceil(before.length / 2) + 1;
    const { before, seen: past, steady } = await readWhileSteady(ctx, hook.id, (ids) => deliveryPage(ctx, hook.id, { page: page(ids), limit: 2 }));
    if (!steady) ctx.skip("the webhook's delivery log grew during each of 3 reads: no page was known to be past the last");
    ctx.expect(
      past.length === 0,
      `page ${page(before)} with limit=2 of a log of ${before.length} records holds ${past.length} (${past.map((r) => String(r.id).slice(0, 40)).join(', ')}), expected none`,
    );
    ctx.evidence(`deliveries page ${page(before)} (limit=2) past the last of ${before.length} records: empty`);
  },
});

/** DESIGN.md §4: deliveries limit max 100. */
export const limitMaxRefused = defineWebhookCheck({
  id: 'DELIVERY-LIMIT-MAX-REFUSED',
  title: 'deliveries with limit=101 are refused with a 4xx (limit=100 is accepted)',
  suite,
  requirements: ['DLV-LIMIT-MAX'],
  level: 'should',
  baseline: 'listWebhookDeliveries',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const hundred = await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries`, query: { limit: 100 } });
    ctx.expectStatus(hundred, '2xx', 'deliveries with limit=100');
    const over = await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries`, query: { limit: 101 } });
    ctx.expectStatus(over, '4xx', 'deliveries with limit=101');
  },
});

/** The record of a test send whose receiver answered a 5000-character body. */
async function longAnswerRecord(ctx: CheckContext, hooks: WebhookFixture): Promise<{ record: DeliveryRecordLike; sent: string }> {
  const path = hooks.path('long-answer');
  // position-revealing text, so a copy cut anywhere else than at 1000 shows where
  const sent = Array.from({ length: 5000 }, (_, i) => (i % 100 === 0 ? '|' : String.fromCharCode(97 + (i % 26)))).join('');
  hooks.respond(path, { status: 200, body: sent, bodySize: 5000 });
  const hook = await hooks.create(['message.failed'], path);
  await hooks.testSend(hook);
  const record = await latestTestRecord(ctx, hook.id);
  expectThat(record !== undefined, 'no test.webhook.sent record after a test send');
  return { record, sent };
}

/** spec §2.4 / §8: response_body is truncated to at most 1000 characters. */
export const responseBodyMax = defineWebhookCheck({
  id: 'DELIVERY-RESPONSE-BODY-MAX',
  title: 'a 5000-character receiver answer is kept as at most 1000 characters of response_body',
  suite,
  requirements: ['DLV-RESPONSE-BODY-MAX'],
  level: 'must',
  async run(ctx, hooks) {
    const { record } = await longAnswerRecord(ctx, hooks);
    const body = record.response_body;
    expectThat(typeof body === 'string', `response_body is ${typeof body}, expected a string`);
    ctx.expect([...body].length <= 1000, `response_body holds ${[...body].length} characters, expected at most 1000 (spec §2.4)`);
  },
});

/** DESIGN.md §4: response_body is the receiver's answer cut to its first 1000 characters. */
export const responseBodyContent = defineWebhookCheck({
  id: 'DELIVERY-RESPONSE-BODY-CONTENT',
  title: "response_body is the first 1000 characters of the receiver's answer",
  suite,
  requirements: ['DLV-RESPONSE-BODY-CONTENT'],
  level: 'should',
  async run(ctx, hooks) {
    const { record, sent } = await longAnswerRecord(ctx, hooks);
    const body = String(record.response_body);
    ctx.expect(
      body === sent.slice(0, 1000),
      `response_body is not the answer's first 1000 characters (length ${body.length}, starts ${JSON.stringify(body.slice(0, 24))})`,
    );
  },
});

/** DESIGN.md §4: test sends are recorded with test: true; event deliveries with false or null. */
export const testFlag = defineWebhookCheck({
  id: 'DELIVERY-TEST-FLAG',
  title: 'test send records carry test: true, event delivery records test false or null',
  suite,
  requirements: ['DLV-TEST-FLAG'],
  level: 'should',
  ...messageEventCheck,
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.delivered']);
    await hooks.testSend(hook);
    const id = await sendMessage(ctx);
    await maybeArrival(ctx, (d) => d.path === hook.path && reports(d, id) && eventOf(d) === 'message.delivered', deliveryWaitMs, hook.path);
    await recordsOwed(ctx);
    const records = await allDeliveryRecords(ctx, hook.id);
    const tests = records.filter((r) => r.event === 'test.webhook.sent');
    const events = records.filter((r) => r.event !== 'test.webhook.sent');
    ctx.expect(tests.length >= 1, 'the test send left no test.webhook.sent record', 'WH-TEST-RECORDED');
    const unflagged = tests.filter((r) => r.test !== true);
    ctx.expect(unflagged.length === 0, `the test send's record has test ${JSON.stringify(unflagged[0]?.test)}, expected true`, 'DLV-TEST-FLAG');
    ctx.expect(events.length >= 1, 'the message.delivered delivery left no record');
    const flagged = events.filter((r) => r.test !== false && r.test !== null);
    ctx.expect(flagged.length === 0, `${flagged.length} event delivery records have test ${JSON.stringify(flagged[0]?.test)}, expected false or null`);
  },
});

export const deliveryChecks = [
  listAcceptsDefaults,
  listBareArray,
  pageLimitRespected,
  pagesPartition,
  pageBeyondLast,
  limitMaxRefused,
  responseBodyMax,
  responseBodyContent,
  testFlag,
];
