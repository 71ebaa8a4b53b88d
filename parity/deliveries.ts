import type { Delivery } from '../receiver/index.js';
import type { CheckResult } from '../suites/engine/index.js';
import { compareShapes, describeShape, mergeShapes, shapeOf } from './shape.js';
import type { Shape } from './shape.js';

/** One delivery (all its attempts) as parity sees it. */
interface Sent {
  readonly event: string;
  /** What payload shapes are compared by: the event, plus the message status it reports (see payloadKind). */
  readonly kind: string;
  readonly attempts: number;
  readonly payload: Shape;
  /** Signature scheme: which signature headers came and the format of their values. */
  readonly signature: string;
}

/** The deliveries of one check: per stream (receiver path and subject), in arrival order. */
export type DeliverySummary = ReadonlyMap<string, readonly Sent[]>;

/** Deliveries whose path is under a check's own prefix (/<check id>/) and that concern what the check created. */
export function deliveriesOfCheck(check: CheckResult, all: readonly Delivery[]): Delivery[] {
  const prefix = `/${check.id.toLowerCase()}/`;
  const created = createdIds(check);
  // every subscribed webhook gets every message's events: only the ones about this check's own resources count
  return all.filter((d) => d.path.startsWith(prefix) && created.has(subjectOf(d) ?? ''));
}

/** Deliveries under no check's prefix, e.g. to a simulator's one configured URL (spec §8). */
export function deliveriesOutsideChecks(checks: readonly CheckResult[], all: readonly Delivery[]): Delivery[] {
  const prefixes = checks.map((check) => `/${check.id.toLowerCase()}/`);
  return all.filter((d) => !prefixes.some((prefix) => d.path.startsWith(prefix)));
}

/** The ids of what the check created (top-level id of a 2xx POST answer), in order: message #1, webhook #1 … */
function createdIds(check: CheckResult): Map<string, string> {
  const ids = new Map<string, string>();
  for (const exchange of check.trace?.exchanges ?? []) {
    const id = (exchange.json as { id?: unknown } | undefined)?.id;
    const ok = exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
    if (exchange.request.method === 'POST' && ok && typeof id === 'string' && !ids.has(id)) ids.set(id, `#${ids.size + 1}`);
  }
  return ids;
}

function subjectOf(delivery: Delivery): string | undefined {
  const body = delivery.json as { data?: Record<string, unknown>; id?: unknown; webhook_id?: unknown } | undefined;
  const data = body?.data && typeof body.data === 'object' ? body.data : (body as Record<string, unknown> | undefined);
  const id = data?.id ?? data?.webhook_id;
  return typeof id === 'string' ? id : undefined;
}

/** Folds attempts (same Service-Delivery-Id) and groups deliveries by stream: normalized path and created resource. */
export function summarizeDeliveries(deliveries: readonly Delivery[], check?: CheckResult): DeliverySummary {
  const created = check ? createdIds(check) : new Map<string, string>();
  const prefix = check ? `/${check.id.toLowerCase()}/` : '';
  const streams = new Map<string, (Sent & { id?: string })[]>();
  for (const delivery of [...deliveries].sort((x, y) => x.seq - y.seq)) {
    const path = (prefix && delivery.path.startsWith(prefix) ? delivery.path.slice(prefix.length - 1) : delivery.path).replace(/[0-9a-f]{6,}/gi, '*');
    const subject = created.get(subjectOf(delivery) ?? '') ?? 'other';
    const key = `${path} ${subject}`;
    const list = streams.get(key) ?? [];
    const id = delivery.headers['service-delivery-id'];
    const last = list[list.length - 1];
    if (last && id !== undefined && last.id === id) {
      list[list.length - 1] = { ...last, attempts: last.attempts + 1 };
    } else {
      const event = delivery.event ?? delivery.headers['service-event'] ?? '(no event)';
      const payload = delivery.json === undefined ? { types: ['text'], objects: 0 } : shapeOf(delivery.json);
      list.push({
        event,
        kind: payloadKind(event, delivery.json),
        attempts: 1,
        payload,
        signature: signatureOf(delivery),
        ...(id === undefined ? {} : { id }),
      });
    }
    streams.set(key, list);
  }
  return streams;
}

/**
 * A message's fields depend on the status it has reached (spec §1: platform_message_id once the platform has it,
 * failure_reason on failure), and which statuses a run saw before it ended is timing: payloads are compared per
 * event and reported status, so `sent` is never held against `queued`.
 */
function payloadKind(event: string, json: unknown): string {
  const status = (json as { data?: { status?: unknown } } | undefined)?.data?.status;
  return typeof status === 'string' && status.length <= 40 ? `${event} (status ${status})` : event;
}

const signatureHeaders = ['service-signature', 'webhook-signature', 'webhook-id', 'webhook-timestamp', 'x-hub-signature', 'x-hub-signature-256'];

function signatureOf(delivery: Delivery): string {
  const parts = signatureHeaders
    .filter((name) => delivery.headers[name] !== undefined)
    .map((name) => `${name}: ${valueFormat(delivery.headers[name] as string)}`);
  const extra = Object.keys(delivery.headers)
    .filter((name) => name.startsWith('service-') && !signatureHeaders.includes(name))
    .sort();
  return [parts.length > 0 ? parts.join('; ') : 'unsigned', ...extra.map((name) => `+${name}`)].join(' ');
}

/** A value's format with every volatile part replaced: hex, base64 and numbers. */
function valueFormat(value: string): string {
  return value
    .replace(/\b[0-9a-f]{16,}\b/gi, () => '<hex>')
    .replace(/[A-Za-z0-9+/]{16,}={0,2}/g, '<b64>')
    .replace(/\d{3,}/g, '<n>');
}

/** A one-line description of a summary. */
export function describeDeliveries(summary: DeliverySummary): string {
  if (summary.size === 0) return 'none';
  return [...summary].map(([key, sent]) => `${key}: ${sent.map((s) => `${s.event}${s.attempts > 1 ? `×${s.attempts}` : ''}`).join(' > ')}`).join('; ');
}

/**
 * Differences of two summaries. A stream may start later or end earlier on one side (its webhook was created, updated
 * or deleted while a lifecycle ran), so which events arrived is timing; what is compared: the order of the event kinds
 * both sides saw, attempts of finished deliveries, and per event kind the payload shape and the signature scheme.
 */
export function compareDeliveries(a: DeliverySummary, b: DeliverySummary): string[] {
  const out: string[] = [];
  const shapes = { a: new Map<string, Shape>(), b: new Map<string, Shape>() };
  const signatures = { a: new Map<string, Set<string>>(), b: new Map<string, Set<string>>() };
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const [sa, sb] = [a.get(key) ?? [], b.get(key) ?? []];
    const [ea, eb] = [sa.map((s) => s.event), sb.map((s) => s.event)];
    const order = orderDifference(ea, eb);
    if (order) out.push(`events at ${key}: A ${ea.join(' > ') || 'none'}; B ${eb.join(' > ') || 'none'}${order ? ` (${order})` : ''}`);
    else if (ea.length === eb.length) {
      // a delivery followed by another one to the same stream is finished; the last one may still be retrying
      const attempts = (list: readonly Sent[]): string =>
        list
          .slice(0, -1)
          .map((s) => s.attempts)
          .join(',');
      if (attempts(sa) !== attempts(sb)) out.push(`attempts at ${key}: A ${attempts(sa)}; B ${attempts(sb)}`);
    }
    for (const [side, list] of [
      ['a', sa],
      ['b', sb],
    ] as const) {
      for (const sent of list) {
        const seen = shapes[side].get(sent.kind);
        shapes[side].set(sent.kind, seen ? mergeShapes(seen, sent.payload) : sent.payload);
        signatures[side].set(sent.kind, (signatures[side].get(sent.kind) ?? new Set()).add(sent.signature));
      }
    }
  }
  for (const [kind, shape] of shapes.a) {
    const other = shapes.b.get(kind);
    if (!other) continue;
    out.push(...compareShapes(shape, other).map((line) => `payload of ${kind}: ${line}`));
    const [xa, xb] = [[...(signatures.a.get(kind) ?? [])].sort().join(' | '), [...(signatures.b.get(kind) ?? [])].sort().join(' | ')];
    if (xa !== xb) out.push(`signature of ${kind}: A ${xa}; B ${xb}`);
  }
  return out;
}

/** A description of the payload shapes by event (for the report). */
export function describePayloads(summary: DeliverySummary): string {
  const byEvent = new Map<string, Shape>();
  for (const sent of [...summary.values()].flat()) {
    const seen = byEvent.get(sent.event);
    byEvent.set(sent.event, seen ? mergeShapes(seen, sent.payload) : sent.payload);
  }
  return [...byEvent].map(([event, shape]) => `${event} ${describeShape(shape, 2)}`).join('; ');
}

/** The first pair of event kinds seen on both sides whose first occurrences come in the other order, if any. */
function orderDifference(a: readonly string[], b: readonly string[]): string | undefined {
  const common = [...new Set(a)].filter((e) => b.includes(e));
  for (const x of common) {
    for (const y of common) {
      if (x < y && a.indexOf(x) < a.indexOf(y) !== b.indexOf(x) < b.indexOf(y)) return `${x} and ${y} come in a different order`;
    }
  }
  return undefined;
}
