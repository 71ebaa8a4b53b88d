import { randomBytes, randomUUID } from 'node:crypto';
import { notFound } from '../errors.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { ResolvedOptions } from '../options.js';
import type { Store } from '../store.js';
import type { DeliveryRecord, StoredWebhook, Webhook, WebhookEvent } from '../types.js';
import { intParam } from '../validation/fields.js';
import { lenientUuid } from '../validation/lenient-input.js';
import { stamp } from '../variations.js';

/** The reminder shown next to a signing secret (spec §2.3 signing_secret_warning). */
export const SIGNING_SECRET_WARNING = 'Store this signing secret now: it is shown only once and cannot be retrieved again.';

/** A webhook id as the service makes them (spec §2.3: a UUID). */
export const WEBHOOK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new signing secret: `whsec_` + 64 hex digits (DESIGN §4). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** The bounds of one integer query parameter. */
export interface IntBounds {
  min: number;
  max?: number;
  fallback: number;
}

/**
 * The steps the webhook operations take (spec §4.2), each a part faults may wrap (docs/decisions/0033): present a
 * webhook, reveal its secret, find one by id, register, remove and rotate one, read and page its delivery log.
 */
export class WebhookService {
  /** The deliveries list's query parameters (spec §4.2: page from 1, limit 1..100, 50 by default); a seam faults change. */
  readonly deliveryPaging: { page: IntBounds; limit: IntBounds } = { page: { min: 1, fallback: 1 }, limit: { min: 1, max: 100, fallback: 50 } };

  constructor(
    private readonly store: Store,
    private readonly options: ResolvedOptions,
    private readonly workspaceId: string,
    // lenientUuid is validation's, which still switches its faults inside
    private readonly faults: FaultSet,
  ) {}

  /** A webhook as every answer shows it (spec §2.3), without its secret. */
  present(w: StoredWebhook): Webhook {
    // variation canonical-webhooks: the events as a sorted set, the url as WHATWG URL serialises it
    const canonical = this.options.variations.has('canonical-webhooks');
    const events = canonical ? [...new Set(w.events)].sort() : [...w.events];
    const url = canonical ? new URL(w.url).href : w.url;
    const out: Webhook = { id: w.id, workspace_id: w.workspace_id, url, events, created_at: w.created_at, updated_at: w.updated_at };
    // extra-fields: last_delivery_at moves with every attempt while updated_at stays (a delivery writes nothing of the webhook)
    if (this.options.variations.has('extra-fields')) Object.assign(out, { description: '', last_delivery_at: w.last_delivery_at ?? null });
    return out;
  }

  /** create and rotate are the only answers with the secret (spec §4.2: returned exactly once). */
  withSecret(w: StoredWebhook): Record<string, unknown> {
    return { ...this.present(w), signing_secret: w.signing_secret, signing_secret_warning: SIGNING_SECRET_WARNING };
  }

  /** The webhook an id names; a malformed uuid is 404 like an unknown one (DESIGN §4 allows 400 or 404). */
  find(rawId: string): StoredWebhook {
    const id = lenientUuid(rawId, this.faults);
    const webhook = WEBHOOK_ID.test(id) ? this.store.webhooks.get(id.toLowerCase()) : undefined;
    if (webhook) return webhook;
    throw notFound(`webhook ${id} does not exist`);
  }

  /** A new id for a webhook. */
  newId(): string {
    return randomUUID();
  }

  /** Registers a webhook (spec §4.2 create): a new id and secret, in this reference's one workspace. */
  register(input: { url: string; events: WebhookEvent[] }): StoredWebhook {
    const now = stamp(this.options.variations, this.options.clock());
    const webhook: StoredWebhook = {
      id: this.newId(),
      workspace_id: this.workspaceId,
      ...input,
      created_at: now,
      updated_at: now,
      signing_secret: newSigningSecret(),
      seq: this.store.nextSeq(),
    };
    this.store.webhooks.set(webhook.id, webhook);
    return webhook;
  }

  /** The updated_at an update stamps: now. */
  updateStamp(_webhook: StoredWebhook): string {
    return stamp(this.options.variations, this.options.clock());
  }

  /** Deletes a webhook with its delivery log (spec §4.2 delete). */
  discard(webhook: StoredWebhook): void {
    this.store.webhooks.delete(webhook.id);
    this.store.deliveries.delete(webhook.id);
  }

  /** A new secret for a webhook; the old one stops signing at once (spec §4.2 rotate-secret). */
  rotateSecret(webhook: StoredWebhook): void {
    webhook.signing_secret = newSigningSecret();
  }

  /** One integer query parameter of the deliveries list, within its bounds (400 otherwise). */
  intParam(query: URLSearchParams, name: string, bounds: IntBounds): number {
    return intParam(query, name, bounds);
  }

  /** A webhook's delivery log as the list shows it: newest first (spec §4.2 deliveries). */
  log(webhookId: string): DeliveryRecord[] {
    const kept = this.store.listDeliveries(webhookId);
    // variation delivered-at-send-time: attempts end in another order than they began; the log is newest first by its stamps
    if (this.options.variations.has('delivered-at-send-time')) kept.sort((a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at));
    // variation records-by-second: newest second first, the records of one second by id (a key a database index gives)
    if (this.options.variations.has('records-by-second'))
      kept.sort((a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return kept;
  }

  /** Page `page` of `limit` records of a log. */
  page(all: DeliveryRecord[], page: number, limit: number): DeliveryRecord[] {
    return all.slice((page - 1) * limit, page * limit);
  }
}
