import type { CallEntry, DeliveryEntry } from '../history/history.js';
import { itemsOf, objectOf, parseJson, stringField } from './json-fields.js';
import type { Interval } from './realtime.js';

/** How a message was seen: the send answer, GET by id, an item of a list, or an event delivery. */
export type MessageView = 'send' | 'get' | 'list' | 'event';

/** One sighting of a message's status. An event says the status was reached by the time it arrived. */
export interface StatusSighting extends Interval {
  readonly seq: number;
  readonly view: MessageView;
  readonly status: string;
}

/** The send that created a message (its first 2xx answer naming the id), and what it asked for. */
export interface MessageCreation extends Interval {
  readonly seq: number;
  readonly operationId: string;
  readonly principal: string;
  /** The request's fields of a free-form send (spec §4.1): what every view must show. */
  readonly asked?: { readonly to?: unknown; readonly from?: unknown; readonly message?: unknown };
}

/** One answer that showed a message: the send's, GET by id's, or a list item, with the fields it showed. */
export interface MessageSighting extends Interval {
  readonly seq: number;
  readonly view: Exclude<MessageView, 'event'>;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Everything the history says of one message. */
export interface MessageModel {
  readonly id: string;
  creation?: MessageCreation;
  /** created_at (epoch ms) as the first view that showed a parseable one gave it. */
  createdAt?: number;
  readonly sightings: StatusSighting[];
  /** Every answer that showed the message as an object (not the events: their data is checked against payload rules). */
  readonly shown: MessageSighting[];
}

/** One answered GET /v1/messages page: its query and what it held. */
export interface MessagePage extends Interval {
  readonly seq: number;
  readonly source: string;
  readonly principal: string;
  readonly status?: string;
  readonly direction?: string;
  readonly page: number;
  readonly limit: number;
  readonly items: readonly Readonly<Record<string, unknown>>[];
  readonly pagination?: Readonly<Record<string, unknown>>;
}

/** The messages of a history and its list pages. */
export interface MessageModels {
  readonly byId: ReadonlyMap<string, MessageModel>;
  readonly pages: readonly MessagePage[];
}

const sends = new Set(['sendMessage', 'sendTemplateMessage']);

// DESIGN.md §4 events: message.sent / delivered / failed on entering that status; status.updated carries it in data
const eventStatus: Readonly<Record<string, string>> = { 'message.sent': 'sent', 'message.delivered': 'delivered', 'message.failed': 'failed' };

/** Builds the message models from the calls (in start order) and the deliveries. */
export function messageModels(calls: readonly CallEntry[], deliveries: readonly DeliveryEntry[]): MessageModels {
  const byId = new Map<string, MessageModel>();
  const pages: MessagePage[] = [];
  const modelOf = (id: string): MessageModel => {
    let model = byId.get(id);
    if (model === undefined) {
      model = { id, sightings: [], shown: [] };
      byId.set(id, model);
    }
    return model;
  };
  const sight = (item: unknown, view: Exclude<MessageView, 'event'>, at: Interval & { seq: number }): MessageModel | undefined => {
    const id = stringField(item, 'id');
    if (id === undefined) return undefined;
    const model = modelOf(id);
    model.shown.push({ seq: at.seq, startedAt: at.startedAt, finishedAt: at.finishedAt, view, fields: objectOf(item) ?? {} });
    if (model.createdAt === undefined) {
      const at = Date.parse(stringField(item, 'created_at') ?? '');
      if (!Number.isNaN(at)) model.createdAt = at;
    }
    const status = stringField(item, 'status');
    if (status !== undefined) model.sightings.push({ seq: at.seq, startedAt: at.startedAt, finishedAt: at.finishedAt, view, status });
    return model;
  };
  for (const call of calls) {
    if (call.status === undefined || call.status < 200 || call.status >= 300 || call.operationId === undefined) continue;
    if (sends.has(call.operationId)) {
      // a later send answering the same id replays the first answer (spec §4.1 Idempotency-Key): it is no view of now.
      // So is one answering a message a view had shown before it started: its first send came earlier, perhaps before
      // this run (a long-lived simulator keeps the keys of earlier runs), and the replay shows that send's status
      const id = stringField(call.json, 'id');
      if (id === undefined) continue;
      const known = byId.get(id);
      if (known !== undefined && (known.creation !== undefined || known.shown.some((view) => view.finishedAt < call.startedAt))) continue;
      const model = sight(call.json, 'send', call) as MessageModel;
      model.creation = creationOf(call);
    } else if (call.operationId === 'getMessage') {
      sight(call.json, 'get', call);
    } else if (call.operationId === 'listMessages') {
      const items = listItemsOf(call.json);
      for (const item of items) sight(item, 'list', call);
      pages.push(pageOf(call, items));
    }
  }
  for (const delivery of deliveries) {
    const data = objectOf(objectOf(delivery.json)?.data);
    const event = stringField(delivery.json, 'event') ?? delivery.headers['service-event'];
    const id = stringField(data, 'id');
    if (id === undefined || event === undefined) continue;
    const status = eventStatus[event] ?? (event === 'message.status.updated' ? stringField(data, 'status') : undefined);
    if (status !== undefined)
      modelOf(id).sightings.push({ seq: delivery.seq, startedAt: delivery.receivedAt, finishedAt: delivery.receivedAt, view: 'event', status });
  }
  return { byId, pages };
}

/**
 * The items of a list answer as objects, made once per answer: a proxy session judges its window again and again
 * (proxy/exchange-grader.ts), and a page that stays in it is the same answer each time (issue 26). The same array
 * each time also lets a rule keep what it derived from one page (rules/history-rules/list-order.ts).
 */
const listItems = new WeakMap<object, readonly Readonly<Record<string, unknown>>[]>();

function listItemsOf(json: unknown): readonly Readonly<Record<string, unknown>>[] {
  const key = json !== null && typeof json === 'object' ? json : undefined;
  const known = key === undefined ? undefined : listItems.get(key);
  if (known !== undefined) return known;
  const items = (itemsOf(json) ?? []).map((item) => objectOf(item) ?? {});
  if (key !== undefined) listItems.set(key, items);
  return items;
}

function creationOf(call: CallEntry): MessageCreation {
  const body = call.operationId === 'sendMessage' ? objectOf(parseJson(call.requestBody)) : undefined;
  return {
    seq: call.seq,
    startedAt: call.startedAt,
    finishedAt: call.finishedAt,
    operationId: call.operationId as string,
    principal: call.principal,
    ...(body === undefined ? {} : { asked: { to: body.to, from: body.from, message: body.message } }),
  };
}

function pageOf(call: CallEntry, items: readonly Readonly<Record<string, unknown>>[]): MessagePage {
  const number = (name: string, fallback: number): number => {
    const value = Number(call.query[name]);
    return call.query[name] !== undefined && Number.isInteger(value) ? value : fallback;
  };
  const pagination = objectOf(objectOf(call.json)?.pagination);
  return {
    seq: call.seq,
    startedAt: call.startedAt,
    finishedAt: call.finishedAt,
    source: call.source,
    principal: call.principal,
    ...(call.query.status === undefined ? {} : { status: call.query.status }),
    ...(call.query.direction === undefined ? {} : { direction: call.query.direction }),
    page: number('page', 1),
    limit: number('limit', 20),
    items,
    ...(pagination === undefined ? {} : { pagination }),
  };
}
