import type { CallEntry, History } from '../history/history.js';
import { deliveryFacts } from './delivery-model.js';
import type { DeliveryFacts } from './delivery-model.js';
import { itemsOf, objectOf } from './json-fields.js';
import { keyedSend } from './keyed-send.js';
import type { KeyedSend } from './keyed-send.js';
import { messageModels } from './message-model.js';
import type { MessageModels } from './message-model.js';
import type { Interval } from './realtime.js';
import { webhookModels } from './webhook-model.js';
import type { WebhookModels } from './webhook-model.js';

export type { KeyedSend } from './keyed-send.js';

/** One answered GET /v1/webhooks/{id}/deliveries. */
export interface RecordListing extends Interval {
  readonly seq: number;
  readonly webhookId: string;
  readonly page: number;
  readonly limit: number;
  readonly records: readonly Readonly<Record<string, unknown>>[];
}

/**
 * The model of the service's state a history shows (DESIGN.md §3): webhooks with their writes, secrets and deletes;
 * messages with their creation and every sighting of their status; keyed sends; delivery records as listed; and every
 * delivery read against them. Built once per history, read by every rule; pure.
 */
export interface ServiceModel {
  readonly history: History;
  readonly webhooks: WebhookModels;
  readonly messages: MessageModels;
  readonly keyedSends: readonly KeyedSend[];
  readonly recordListings: readonly RecordListing[];
  readonly deliveries: readonly DeliveryFacts[];
}

const built = new WeakMap<History, ServiceModel>();

/** The model of a history (memoized: every rule over one history shares one). */
export function modelOf(history: History): ServiceModel {
  let model = built.get(history);
  if (model === undefined) {
    const webhooks = webhookModels(history.calls);
    const messages = messageModels(history.calls, history.deliveries);
    model = {
      history,
      webhooks,
      messages,
      keyedSends: picked(history.calls, keyedSend),
      recordListings: picked(history.calls, recordListing),
      deliveries: deliveryFacts(history.deliveries, webhooks.byId, messages.byId, history.calls),
    };
    built.set(history, model);
  }
  return model;
}

/** What `pick` makes of the calls it applies to, in order (a loop: no array per call, issue 28). */
function picked<T>(calls: readonly CallEntry[], pick: (call: CallEntry) => T | undefined): T[] {
  const out: T[] = [];
  for (const call of calls) {
    const made = pick(call);
    if (made !== undefined) out.push(made);
  }
  return out;
}

function recordListing(call: CallEntry): RecordListing | undefined {
  const id = call.params.id;
  if (call.operationId !== 'listWebhookDeliveries' || id === undefined || call.status === undefined || call.status >= 300) return undefined;
  const items = itemsOf(call.json);
  if (items === undefined) return undefined;
  const number = (name: string, fallback: number): number => {
    const value = Number(call.query[name]);
    return call.query[name] !== undefined && Number.isInteger(value) ? value : fallback;
  };
  return {
    seq: call.seq,
    startedAt: call.startedAt,
    finishedAt: call.finishedAt,
    webhookId: id,
    page: number('page', 1),
    limit: number('limit', 50),
    records: items.map((item) => objectOf(item) ?? {}),
  };
}
