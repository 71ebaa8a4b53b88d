import type { CallEntry } from '../history/history.js';
import { eventsOf, itemsOf, objectOf, parseJson, pathOfUrl, stringField } from './json-fields.js';
import type { Interval } from './realtime.js';

/** A create or PUT of a webhook: the url and events it asked for (spec §4.2). */
export interface WebhookWrite extends Interval {
  readonly seq: number;
  readonly kind: 'create' | 'update';
  readonly url?: string;
  /** The receiver path of the url: where its deliveries arrive. */
  readonly path?: string;
  /** Sorted. */
  readonly events?: readonly string[];
  /** True when it answered 2xx (it took effect); false when no answer came (it may or may not have). */
  readonly determinate: boolean;
  /** The answer's timestamps, as given. */
  readonly updatedAt?: string;
  readonly createdAt?: string;
}

/** A secret the webhook was given: by create or by a rotation (spec §4.2). */
export interface SecretIssue extends Interval {
  readonly seq: number;
  readonly kind: 'create' | 'rotate';
  /** Known when the answer carried it (memory only). */
  readonly secret?: string;
  readonly determinate: boolean;
  /** The answer's updated_at, as given (a rotation may stamp it: spec §4.2 does not say). */
  readonly updatedAt?: string;
  /** The url and events a rotation's answer showed (spec §4.2: it returns the Webhook). */
  readonly view?: { readonly url?: string; readonly events?: readonly string[] };
}

/** A call on the webhook's id (PUT, DELETE, rotate, test, deliveries) and what it answered. */
export interface WebhookUse extends Interval {
  readonly seq: number;
  readonly operationId: string;
  readonly status?: number;
}

/** Everything the history says of one webhook. */
export interface WebhookModel {
  readonly id: string;
  /** Creates and PUTs that took (or may have taken) effect, in start order; refused ones are uses only. */
  readonly writes: WebhookWrite[];
  readonly secrets: SecretIssue[];
  /** DELETEs answered 2xx. */
  readonly deletions: (Interval & { readonly seq: number })[];
  readonly uses: WebhookUse[];
}

/** One answered GET /v1/webhooks: the webhooks it listed, by id. */
export interface WebhookList extends Interval {
  readonly seq: number;
  readonly source: string;
  readonly items: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

/** The webhooks of a history, and its webhook lists. */
export interface WebhookModels {
  readonly byId: ReadonlyMap<string, WebhookModel>;
  readonly lists: readonly WebhookList[];
}

const onId = new Set(['updateWebhook', 'deleteWebhook', 'rotateWebhookSecret', 'testWebhook', 'listWebhookDeliveries']);
// every operation the webhook models read: the other calls are passed over at once
const webhookOperations = new Set(['createWebhook', 'listWebhooks', ...onId]);

/** Builds the webhook models from the calls (in start order). */
export function webhookModels(calls: readonly CallEntry[]): WebhookModels {
  const byId = new Map<string, WebhookModel>();
  const lists: WebhookList[] = [];
  const modelOf = (id: string): WebhookModel => {
    let model = byId.get(id);
    if (model === undefined) {
      model = { id, writes: [], secrets: [], deletions: [], uses: [] };
      byId.set(id, model);
    }
    return model;
  };
  for (const call of calls) {
    if (!webhookOperations.has(call.operationId ?? '')) continue;
    const ok = call.status !== undefined && call.status >= 200 && call.status < 300;
    const interval = { seq: call.seq, startedAt: call.startedAt, finishedAt: call.finishedAt };
    if (call.operationId === 'createWebhook' && ok) {
      const id = stringField(call.json, 'id');
      if (id === undefined) continue;
      const model = modelOf(id);
      model.writes.push({ ...interval, kind: 'create', ...written(call), determinate: true, ...stamps(call.json) });
      model.secrets.push({ ...interval, kind: 'create', ...(call.secret === undefined ? {} : { secret: call.secret }), determinate: true });
      continue;
    }
    if (call.operationId === 'listWebhooks' && ok) {
      const items = new Map<string, Record<string, unknown>>();
      for (const item of itemsOf(call.json) ?? []) {
        const id = stringField(item, 'id');
        if (id !== undefined) items.set(id, objectOf(item) ?? {});
      }
      lists.push({ ...interval, source: call.source, items });
      continue;
    }
    const id = call.params.id;
    if (call.operationId === undefined || !onId.has(call.operationId) || id === undefined) continue;
    const model = modelOf(id);
    model.uses.push({ ...interval, operationId: call.operationId, ...(call.status === undefined ? {} : { status: call.status }) });
    const maybe = call.status === undefined;
    if (call.operationId === 'updateWebhook' && (ok || maybe))
      model.writes.push({ ...interval, kind: 'update', ...written(call), determinate: ok, ...stamps(call.json) });
    if (call.operationId === 'rotateWebhookSecret' && (ok || maybe))
      model.secrets.push({
        ...interval,
        kind: 'rotate',
        ...(call.secret === undefined ? {} : { secret: call.secret }),
        determinate: ok,
        ...updatedOf(call.json),
        ...(ok ? { view: { ...optional('url', stringField(call.json, 'url')), ...optional('events', eventsOf(call.json)) } } : {}),
      });
    if (call.operationId === 'deleteWebhook' && ok) model.deletions.push(interval);
  }
  return { byId, lists };
}

/** The url and events a create or PUT asked for (the request's: what the client wrote). */
function written(call: CallEntry): Pick<WebhookWrite, 'url' | 'path' | 'events'> {
  const body = parseJson(call.requestBody);
  const url = stringField(body, 'url');
  const path = pathOfUrl(url);
  const events = eventsOf(body);
  return { ...(url === undefined ? {} : { url }), ...(path === undefined ? {} : { path }), ...(events === undefined ? {} : { events }) };
}

/** `{ [key]: value }`, or nothing when the value is undefined (exactOptionalPropertyTypes). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function updatedOf(json: unknown): Pick<SecretIssue, 'updatedAt'> {
  const updatedAt = stringField(json, 'updated_at');
  return updatedAt === undefined ? {} : { updatedAt };
}

function stamps(json: unknown): Pick<WebhookWrite, 'updatedAt' | 'createdAt'> {
  const createdAt = stringField(json, 'created_at');
  return { ...updatedOf(json), ...(createdAt === undefined ? {} : { createdAt }) };
}

/**
 * The writes of a webhook that may be in force during [from, to]: those not certainly replaced before `from` (a later
 * write that took effect and finished before `from`, after they finished) and begun before `to`.
 */
export function writesInForce(model: WebhookModel, from: number, to: number): WebhookWrite[] {
  return model.writes.filter(
    (write) =>
      write.startedAt < to &&
      !model.writes.some((later) => later.determinate && later !== write && write.finishedAt < later.startedAt && later.finishedAt < from),
  );
}

/** The latest write that certainly took effect before `at` (finished before it, not replaced by another that did). */
export function settledWrite(model: WebhookModel, at: number): WebhookWrite | undefined {
  const done = model.writes.filter((write) => write.determinate && write.finishedAt < at);
  return done.find((write) => !done.some((later) => later !== write && write.finishedAt < later.startedAt));
}
