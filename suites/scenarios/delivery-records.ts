import type { Exchange } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { expectThat, fixtureBreaks } from '../checks/index.js';
import { deliveryWaitMs, pollPause } from './webhook-helpers.js';
import { unmetWhileSlow } from './patient-wait.js';
import { recordingMarginMs } from '../../rules/index.js';

/** A delivery record as read (spec §2.4); fields are checked by the schema checks, not assumed here. */
export interface DeliveryRecordLike {
  readonly id?: unknown;
  readonly webhook_id?: unknown;
  readonly event?: unknown;
  readonly status_code?: unknown;
  readonly response_body?: unknown;
  readonly delivered_at?: unknown;
  readonly test?: unknown;
}

/** The most records one page may hold (DESIGN.md §4: deliveries limit max 100). */
const pageMax = 100;
/** Pages read at most when collecting every record of a webhook. */
const maxPages = 20;

/**
 * The records of a deliveries answer: the bare array (spec §4.2), or tolerantly a `data` array, so that checks of
 * other requirements still run against a target that wraps the list (DELIVERY-LIST-BARE-ARRAY reports that).
 */
function recordsOf(json: unknown): DeliveryRecordLike[] | undefined {
  if (Array.isArray(json)) return json as DeliveryRecordLike[];
  const data = (json as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? (data as DeliveryRecordLike[]) : undefined;
}

/** GET /v1/webhooks/{id}/deliveries with a query, and the records it holds (undefined when it holds no list). */
export async function readDeliveries(
  ctx: CheckContext,
  webhookId: string,
  query: Record<string, number> = {},
): Promise<{ exchange: Exchange; records: DeliveryRecordLike[] | undefined }> {
  const exchange = await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${webhookId}/deliveries`, query });
  ctx.expectStatus(exchange, '2xx', 'GET /v1/webhooks/{id}/deliveries', fixtureBreaks(ctx));
  return { exchange, records: recordsOf(exchange.json) };
}

/**
 * Waits out the recording margin (rules/history-rules/delivery-records.ts): an attempt's record is owed once that long
 * has passed since it ended, so a log written by a queue a little after the attempt (or the test call) is read whole.
 */
export function recordsOwed(ctx: CheckContext): Promise<void> {
  return pollPause(ctx, recordingMarginMs);
}

/** The records of one page, failing the check when the answer holds no list of records. */
export async function deliveryPage(ctx: CheckContext, webhookId: string, query: Record<string, number> = {}): Promise<DeliveryRecordLike[]> {
  const { exchange, records } = await readDeliveries(ctx, webhookId, query);
  expectThat(records !== undefined, 'GET /v1/webhooks/{id}/deliveries answers no list of delivery records (spec §4.2)', {
    exchange,
    requirements: [ctx.cited ?? 'DLV-BARE-ARRAY'],
  });
  return records;
}

/** Every record of a webhook, deduplicated by id, reading pages of 100 (bounded). */
export async function allDeliveryRecords(ctx: CheckContext, webhookId: string): Promise<DeliveryRecordLike[]> {
  const byId = new Map<unknown, DeliveryRecordLike>();
  for (let page = 1; page <= maxPages && !ctx.signal.aborted; page++) {
    const records = await deliveryPage(ctx, webhookId, { page, limit: pageMax });
    for (const record of records) byId.set(record.id, record);
    if (records.length < pageMax) break;
  }
  return [...byId.values()];
}

/** The test.webhook.sent record of a webhook that had one test send, polled briefly (undefined if none shows). */
export async function latestTestRecord(ctx: CheckContext, webhookId: string, timeoutMs = deliveryWaitMs): Promise<DeliveryRecordLike | undefined> {
  const mark = ctx.patience.mark();
  const started = Date.now();
  // bounded in count too (the longest stretched wait, decision 35)
  for (let attempt = 0; attempt < 800 && !ctx.signal.aborted; attempt++) {
    const records = await deliveryPage(ctx, webhookId, { page: 1, limit: pageMax });
    const found = records.find((record) => record.event === 'test.webhook.sent');
    if (found) return found;
    if (Date.now() - started > ctx.patience.deadline(timeoutMs, mark)) break;
    await pollPause(ctx, 25);
  }
  unmetWhileSlow(ctx, `the test.webhook.sent record of webhook ${webhookId}`, mark, timeoutMs, Date.now() - started);
  return undefined;
}
