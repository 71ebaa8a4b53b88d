import type { CallEntry, DeliveryEntry } from '../history/history.js';
import { objectOf, stringField } from './json-fields.js';
import type { MessageModel } from './message-model.js';
import type { WebhookModel } from './webhook-model.js';

/** What one delivery says, read once: its event, the message it reports, its delivery id, the webhooks it is for. */
export interface DeliveryFacts {
  readonly entry: DeliveryEntry;
  /** The payload's event, else the Service-Event header (DESIGN.md §4). */
  readonly event?: string;
  /** data.id: the message reported (spec §6). */
  readonly messageId?: string;
  /** data.status (message.status.updated, DESIGN.md §4). */
  readonly dataStatus?: string;
  /** Service-Delivery-Id (DESIGN.md §4: the same on every retry), else Standard Webhooks' webhook-id. */
  readonly deliveryId?: string;
  /** Webhooks that had this path as their url's path at some time. */
  readonly webhooks: readonly string[];
  /**
   * The earliest time the event can have happened (a lower bound from causality): the start of the send that created
   * the reported message, or of the test call the delivery arrived during; undefined when the history cannot tell.
   */
  readonly causedAfter?: number;
  /** The seq of the call that bounds causedAfter. */
  readonly causeSeq?: number;
  /** An earlier attempt of the same delivery at the same path (same delivery id), if any: this one is a retry. */
  readonly previousAttempt?: DeliveryEntry;
  /** A test.webhook.sent: the test calls on a webhook that had its path, in flight when it arrived (start order). */
  readonly testCalls?: readonly CallEntry[];
}

/**
 * When a retry was certainly sent after: the receiver's answer to the previous attempt of the same delivery, when the
 * retry arrived after that answer (a sender that gave up waiting may retry while the receiver still holds the first
 * attempt: then the answer bounds nothing). Undefined for a first attempt.
 */
export function retrySentAfter(facts: DeliveryFacts): number | undefined {
  const answered = facts.previousAttempt?.answeredAt;
  return answered !== undefined && answered < facts.entry.receivedAt ? answered : undefined;
}

/** Reads every delivery of the history against the webhooks (by path), messages and test calls. */
export function deliveryFacts(
  deliveries: readonly DeliveryEntry[],
  webhooks: ReadonlyMap<string, WebhookModel>,
  messages: ReadonlyMap<string, MessageModel>,
  calls: readonly CallEntry[],
): DeliveryFacts[] {
  const byPath = new Map<string, string[]>();
  for (const model of webhooks.values()) {
    for (const write of model.writes) {
      if (write.path === undefined) continue;
      const ids = byPath.get(write.path) ?? [];
      if (!ids.includes(model.id)) ids.push(model.id);
      byPath.set(write.path, ids);
    }
  }
  // the test calls by the webhook id they name, in start order
  const testsOn = new Map<string, CallEntry[]>();
  for (const call of calls) {
    if (call.operationId !== 'testWebhook') continue;
    const on = testsOn.get(call.params.id ?? '');
    if (on === undefined) testsOn.set(call.params.id ?? '', [call]);
    else on.push(call);
  }
  const lastAttempt = new Map<string, DeliveryEntry>();
  return deliveries.map((entry) => {
    const payload = objectOf(entry.json);
    const data = objectOf(payload?.data);
    const event = stringField(payload, 'event') ?? entry.headers['service-event'];
    const messageId = stringField(data, 'id');
    const dataStatus = stringField(data, 'status');
    const deliveryId = entry.headers['service-delivery-id'] ?? entry.headers['webhook-id'];
    const ids = byPath.get(entry.path) ?? [];
    let cause: { at: number; seq: number } | undefined;
    const creation = messageId === undefined ? undefined : messages.get(messageId)?.creation;
    if (creation !== undefined && event !== 'test.webhook.sent') cause = { at: creation.startedAt, seq: creation.seq };
    const testCalls = event === 'test.webhook.sent' ? testsDuring(testsOn, ids, entry.receivedAt) : undefined;
    const test = testCalls?.[0];
    if (test !== undefined) cause = { at: test.startedAt, seq: test.seq };
    const key = deliveryId === undefined ? undefined : `${entry.path}\u0000${deliveryId}`;
    const previousAttempt = key === undefined ? undefined : lastAttempt.get(key);
    if (key !== undefined) lastAttempt.set(key, entry);
    return {
      entry,
      ...(event === undefined ? {} : { event }),
      ...(messageId === undefined ? {} : { messageId }),
      ...(dataStatus === undefined ? {} : { dataStatus }),
      ...(deliveryId === undefined ? {} : { deliveryId }),
      webhooks: ids,
      ...(cause === undefined ? {} : { causedAfter: cause.at, causeSeq: cause.seq }),
      ...(previousAttempt === undefined ? {} : { previousAttempt }),
      ...(testCalls === undefined ? {} : { testCalls }),
    };
  });
}

/** The test calls on any of the webhooks that were in flight at `at`, in start order. */
function testsDuring(testsOn: ReadonlyMap<string, readonly CallEntry[]>, ids: readonly string[], at: number): CallEntry[] {
  const during = ids.flatMap((id) => (testsOn.get(id) ?? []).filter((call) => call.startedAt <= at && at <= call.finishedAt));
  return ids.length > 1 ? during.sort((a, b) => a.seq - b.seq) : during;
}
