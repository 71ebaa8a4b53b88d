import { createHash, randomUUID } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import type { FaultSet } from '../faults/fault-set.js';
import type { ResolvedOptions } from '../options.js';
import type { Scheduler } from '../scheduler.js';
import type { Store } from '../store.js';
import type { DeliveryRecord, EventKind, StoredWebhook } from '../types.js';
import { checkWebhookUrl } from '../validation/webhook-url.js';
import { EgressGuard } from './egress-guard.js';
import { postOnce } from './http-post.js';
import type { PostResult } from './http-post.js';
import { KeepAliveAgents } from './keep-alive-agents.js';
import { signatureHeaders } from './signer.js';
import { stamp } from '../variations.js';

/** Where events go: a registered webhook, or the simulator's one configured URL (webhookId null). */
interface Destination {
  key: string;
  webhookId: string | null;
  url: string;
  secret: () => string;
  /** The secret before the last rotation, if any. */
  previousSecret: () => string | undefined;
  /** The secret the webhook was created with (fault events-keep-old-secret signs events with it). */
  createdSecret?: string;
}

/** The signature headers of a delivery's first attempt (fault retry-signature-reused sends them again). */
interface SignedOnce {
  headers?: Record<string, string>;
}

/** A destination URL as an attempt uses it (Dispatcher.route); never changed once made. */
interface RoutedUrl {
  readonly url: URL;
  /** The address rules allow it (only webhooks' URLs are held to them). */
  readonly allowed: boolean;
  /** Where the egress guard connects for it; null when the guard blocks it. */
  readonly target: URL | null;
}

/** Destination URLs remembered at most (hostile input cannot grow the map). */
const ROUTES_REMEMBERED = 256;

/** A record keeps at most this many characters of the response body (spec §2.4). */
export const RESPONSE_BODY_MAX = 1000;

/**
 * Sends events to webhooks (DESIGN §4): signed, one record per attempt, retried with exponential
 * backoff. Deliveries to one destination go out one at a time, in order, so receivers see the lifecycle order.
 */
export class Dispatcher {
  private readonly guard: EgressGuard;
  private readonly chains = new Map<string, Promise<void>>();
  /** Attempts in flight, destroyed by stop() (a set of requests: an AbortSignal per attempt cost more than the POST's own writes). */
  private readonly inFlight = new Set<ClientRequest>();
  private readonly agents = new KeepAliveAgents();
  private readonly routes = new Map<string, RoutedUrl>();

  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly options: ResolvedOptions,
    private readonly faults: FaultSet,
    private readonly simulatorSecret: string,
  ) {
    this.guard = new EgressGuard(options.egress);
  }

  /** Fans an event out to every subscribed webhook (and, in simulator mode, to the configured URL). */
  publish(event: EventKind, data: Record<string, unknown>): void {
    // serialised at the first destination: most events of a run go to none (no webhook registered at that moment)
    let serialized: { sent: Buffer; signed: Buffer } | undefined;
    const body = () => (serialized ??= this.serialize(event, data));
    const webhooks = this.store.listWebhooks();
    const deleted = this.faults.has('deliveries-after-delete') ? [...this.store.deletedWebhooks.values()] : [];
    for (const webhook of [...webhooks, ...deleted]) {
      const events = this.faults.has('put-events-not-applied') ? (webhook.created?.events ?? webhook.events) : webhook.events;
      const subscribed = (events as string[]).includes(event);
      if (subscribed || this.faults.has('event-without-subscription')) this.enqueue(this.webhookDestination(webhook), event, body());
    }
    const { mode, webhookUrl } = this.options;
    // fault simulator-url-when-no-webhooks: the one URL stands in only while no webhook is registered
    const standIn = !this.faults.has('simulator-url-when-no-webhooks') || webhooks.length === 0;
    if (mode === 'simulator' && webhookUrl && standIn && !this.faults.has('simulator-webhook-url-ignored')) {
      this.enqueue(
        { key: '\u0000simulator', webhookId: null, url: webhookUrl, secret: () => this.simulatorSecret, previousSecret: () => undefined },
        event,
        body(),
      );
    }
  }

  /** One test attempt (spec §4.2 test): recorded with test: true, never retried, never throws. */
  async test(webhook: StoredWebhook): Promise<DeliveryRecord> {
    const data = {
      webhook_id: webhook.id,
      message: 'Test delivery from the reference service',
      created_at: stamp(this.options.variations, this.options.clock()),
    };
    const body = this.serialize('test.webhook.sent', data);
    // fault test-to-created-url: the test send follows the url given at create, not the one in force
    const followed = this.faults.has('test-to-created-url') && webhook.created ? { ...webhook, url: webhook.created.url } : webhook;
    const dest = this.webhookDestination(followed);
    const sentAt = this.options.clock();
    const result = this.faults.has('test-not-sent') ? { statusCode: 200, body: '' } : await this.attempt(dest, 'test.webhook.sent', body, randomUUID(), {});
    return this.record(dest, 'test.webhook.sent', result, true, randomUUID(), sentAt);
  }

  /** Aborts in-flight attempts and waits for the queues to wind down. */
  async stop(): Promise<void> {
    for (const request of this.inFlight) request.destroy(new Error('the reference stopped'));
    await Promise.allSettled([...this.chains.values()]);
    this.agents.close();
  }

  private webhookDestination(webhook: StoredWebhook): Destination {
    const current = () => this.store.webhooks.get(webhook.id) ?? webhook;
    const secret = () => {
      if (this.faults.has('signing-secret-cached')) return (this.store.listWebhooks()[0] ?? current()).signing_secret;
      const { previous_secret: previous, signing_secret: latest } = current();
      return this.faults.has('signed-with-old-secret') && previous ? previous : latest;
    };
    const url = this.faults.has('put-url-not-applied') ? (webhook.created?.url ?? webhook.url) : webhook.url;
    return {
      key: webhook.id,
      webhookId: webhook.id,
      url,
      secret,
      previousSecret: () => current().previous_secret,
      ...(webhook.created ? { createdSecret: webhook.created.secret } : {}),
    };
  }

  private serialize(event: EventKind, data: Record<string, unknown>): { sent: Buffer; signed: Buffer } {
    const named = event === 'message.status.updated' && this.faults.has('status-updated-event-renamed') ? 'message.status.changed' : event;
    const wrapped = { event: named, data: this.dataFaults(event, data) };
    // fault fields-beside-event: message.failed repeats id and failure_reason beside event (a flattened payload)
    const flattened = event === 'message.failed' && this.faults.has('fields-beside-event') ? { id: data.id, failure_reason: data.failure_reason } : {};
    const payload = this.faults.has('payload-not-wrapped') ? data : { ...wrapped, ...flattened };
    const compact = Buffer.from(JSON.stringify(payload), 'utf8');
    if (!this.faults.has('signature-over-reserialized-json')) return { sent: compact, signed: compact };
    return { sent: Buffer.from(JSON.stringify(payload, null, 2), 'utf8'), signed: compact };
  }

  /** message.delivered data with message_id in place of id (fault delivered-id-renamed); CRLF turned LF (payload-crlf-to-lf). */
  private dataFaults(event: EventKind, data: Record<string, unknown>): Record<string, unknown> {
    if (this.faults.has('payload-crlf-to-lf') && typeof data.message === 'string') data = { ...data, message: data.message.replace(/\r\n/g, '\n') };
    if (event !== 'message.delivered' || !this.faults.has('delivered-id-renamed')) return data;
    const { id, ...rest } = data;
    return { message_id: id, ...rest };
  }

  private enqueue(dest: Destination, event: EventKind, body: { sent: Buffer; signed: Buffer }): void {
    const previous = this.chains.get(dest.key) ?? Promise.resolve();
    // Service-Delivery-Id: the same on every retry; fault delivery-id-per-webhook derives it from the webhook alone,
    // variation delivery-id-per-event from the payload (one event carries one id at every webhook it goes to)
    const deliveryId = this.faults.has('delivery-id-per-webhook')
      ? uuidFrom(dest.key)
      : this.faults.has('delivery-id-per-message')
        ? uuidFrom(`${dest.key}/${messageIdOf(body.signed)}`)
        : this.options.variations.has('delivery-id-per-event')
          ? uuidFrom(body.signed)
          : randomUUID();
    // variation signed-then-held: signed now, sent 150 ms later at the earliest, so it may cross a rotation in flight
    const held = this.options.variations.has('signed-then-held')
      ? { headers: this.signature(dest, event, body, deliveryId, {}), sendAfter: this.options.clock() + 150 }
      : undefined;
    const next = previous.then(() => this.deliver(dest, event, body, deliveryId, held));
    this.chains.set(dest.key, next);
    void next.then(() => {
      if (this.chains.get(dest.key) === next) this.chains.delete(dest.key);
    });
  }

  private async deliver(
    dest: Destination,
    event: EventKind,
    body: { sent: Buffer; signed: Buffer },
    deliveryId: string,
    held?: { headers: Record<string, string>; sendAfter: number },
  ): Promise<void> {
    const { maxAttempts, baseDelayMs } = this.options.retry;
    const signed: SignedOnce = {};
    // a delivery that waited its turn behind others is not held again
    const hold = held === undefined ? 0 : held.sendAfter - this.options.clock();
    if (hold > 0) await this.scheduler.sleep(hold);
    // variation retry-committed-at-failure: whether a retry is owed is decided when the attempt fails, not when it is sent
    const committed = this.options.variations.has('retry-committed-at-failure');
    const gone = (): boolean => dest.webhookId !== null && !this.store.webhooks.has(dest.webhookId);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (this.scheduler.isStopped) return;
      // deleted meanwhile (the deliveries-after-delete fault keeps going; fault retry-after-delete: only the first attempt looks)
      const looks = attempt === 1 || (!this.faults.has('retry-after-delete') && !committed);
      if (looks && gone() && !this.faults.has('deliveries-after-delete')) return;
      const id = this.faults.has('retry-new-delivery-id') && attempt > 1 ? randomUUID() : deliveryId;
      // variation first-attempt-network-failure: the first attempt never reaches the receiver (spec §2.4: status_code null)
      const sentAt = this.options.clock();
      const result =
        attempt === 1 && this.options.variations.has('first-attempt-network-failure')
          ? { statusCode: null, body: '', error: 'connection reset before the request was sent' }
          : await this.attempt(dest, event, body, id, signed, attempt === 1 ? held?.headers : undefined);
      const lowest = this.faults.has('success-200-retried') ? 201 : 200;
      const highest = this.faults.has('only-200-success') ? 201 : 300;
      const ok = result.statusCode !== null && result.statusCode >= lowest && result.statusCode < highest;
      const last = ok || attempt === maxAttempts || this.faults.has('no-retry');
      const recordId = this.faults.has('retry-records-share-id') ? deliveryId : undefined;
      const unrecorded = result.statusCode === null && this.faults.has('network-failures-not-recorded');
      if ((last || !this.faults.has('retries-not-recorded')) && !unrecorded) this.record(dest, event, result, false, recordId, sentAt);
      if (last || (committed && gone())) return;
      await this.scheduler.sleep(baseDelayMs * 2 ** (attempt - 1));
    }
  }

  private async attempt(
    dest: Destination,
    event: EventKind,
    body: { sent: Buffer; signed: Buffer },
    deliveryId: string,
    signedOnce: SignedOnce,
    presigned?: Record<string, string>,
    hop = 0,
  ): Promise<PostResult> {
    const { url, allowed, target } = this.route(dest.url);
    // DESIGN §4: the address rules are checked again at connect time, not only at registration
    if (dest.webhookId && !allowed) return { statusCode: null, body: '', error: 'webhook URL no longer resolves to a public address' };
    if (!target) return { statusCode: null, body: '', error: `egress guard: ${url.origin} is not an allowed destination` };
    const headers: Record<string, string> = {
      'content-type': this.faults.has('deliveries-text-plain') ? 'text/plain' : 'application/json',
      'user-agent': 'sms-reference/1.0',
      'service-event': event,
      'service-delivery-id': deliveryId,
    };
    Object.assign(headers, presigned ?? this.signature(dest, event, body, deliveryId, signedOnce));
    const result = await postOnce({
      target,
      hostHeader: url.host,
      body: body.sent,
      headers,
      ca: this.options.trustedCa,
      timeoutMs: this.options.deliveryTimeoutMs,
      inFlight: this.inFlight,
      agents: this.agents,
    });
    const redirect = result.statusCode !== null && result.statusCode >= 300 && result.statusCode < 400 ? result.location : undefined;
    // DESIGN §4: no redirects are followed; the fault follows one hop (a URL the rules never saw)
    if (redirect === undefined || hop > 0 || !this.faults.has('redirects-followed')) return result;
    return await this.attempt({ ...dest, url: new URL(redirect, url).href, webhookId: null }, event, body, deliveryId, signedOnce, undefined, hop + 1);
  }

  /**
   * A destination URL parsed, judged by the address rules and routed by the egress guard. Each depends only on the URL
   * and on this instance's fixed host table, faults and routes, so it is worked out once per URL (a run's deliveries
   * go to a few URLs: three URL parses and an address check per attempt were a tenth of a delivery's own work).
   */
  private route(raw: string): RoutedUrl {
    let routed = this.routes.get(raw);
    if (routed === undefined) {
      const url = new URL(raw);
      let allowed = true;
      try {
        checkWebhookUrl(raw, this.options.hosts, this.faults);
      } catch {
        allowed = false;
      }
      routed = { url, allowed, target: this.guard.route(url) };
      if (this.routes.size >= ROUTES_REMEMBERED) this.routes.clear();
      this.routes.set(raw, routed);
    }
    return routed;
  }

  /** The signature headers of an attempt signed now (none with the no-signature-header fault). */
  private signature(
    dest: Destination,
    event: EventKind,
    body: { sent: Buffer; signed: Buffer },
    deliveryId: string,
    signedOnce: SignedOnce,
  ): Record<string, string> {
    if (this.faults.has('no-signature-header')) return {};
    const t = this.faults.has('signature-timestamp-ms') ? this.options.clock() : Math.floor(this.options.clock() / 1000);
    const previous = this.faults.has('rotation-grace-period') ? dest.previousSecret() : undefined;
    const first =
      event !== 'test.webhook.sent' && this.faults.has('events-keep-old-secret')
        ? dest.createdSecret
        : event === 'test.webhook.sent' && this.faults.has('test-keeps-old-secret')
          ? dest.previousSecret()
          : undefined;
    const secrets = [first ?? dest.secret(), ...(previous ? [previous] : [])];
    const reused = this.faults.has('retry-signature-reused') ? signedOnce.headers : undefined;
    const signature = reused ?? signatureHeaders(this.options.signature, secrets, t, body.signed, deliveryId, this.faults);
    signedOnce.headers ??= signature;
    return signature;
  }

  /** The record of an attempt; `sentAt`: when it was sent (variation delivered-at-send-time stamps that, not its end). */
  private record(dest: Destination, event: EventKind, result: PostResult, test: boolean, id: string = randomUUID(), sentAt?: number): DeliveryRecord {
    const keepAll = this.faults.has('response-body-not-truncated');
    const answered = result.statusCode !== null && this.faults.has('status-code-200-when-answered') ? 200 : result.statusCode;
    const record: DeliveryRecord = {
      id,
      webhook_id: dest.webhookId ?? '',
      event: test && this.faults.has('test-record-event-renamed') ? ('webhook.test' as EventKind) : event,
      status_code: answered ?? (this.faults.has('status-code-zero') ? 0 : this.faults.has('network-failure-recorded-502') ? 502 : null),
      response_body: keepAll ? result.body : truncated(result.body),
      // fault delivered-at-webhook-created: the record's stamp defaults to the webhook's created_at
      delivered_at:
        (this.faults.has('delivered-at-webhook-created') && dest.webhookId !== null ? this.store.webhooks.get(dest.webhookId)?.created_at : undefined) ??
        stamp(this.options.variations, this.options.variations.has('delivered-at-send-time') && sentAt !== undefined ? sentAt : this.options.clock()),
      // variation canonical-webhooks: an event's record says test: null (spec §2.4 'boolean or null')
      test: test || !this.options.variations.has('canonical-webhooks') ? test : null,
      ...(this.options.variations.has('extra-fields') ? { duration_ms: 1 } : {}),
    };
    if (this.options.variations.has('records-by-second')) record.delivered_at = record.delivered_at.replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '');
    if (test && this.faults.has('test-flag-missing')) delete (record as Partial<DeliveryRecord>).test;
    if (this.faults.has('delivered-at-renamed')) {
      Object.assign(record, { created_at: record.delivered_at });
      delete (record as Partial<DeliveryRecord>).delivered_at;
    }
    if (test && this.faults.has('test-not-recorded')) return record;
    const attempted = dest.webhookId === null ? undefined : this.store.webhooks.get(dest.webhookId);
    if (attempted !== undefined) {
      attempted.last_delivery_at = record.delivered_at;
      // fault delivery-touches-updated-at: the last-delivery stamp is written into updated_at
      if (this.faults.has('delivery-touches-updated-at')) attempted.updated_at = record.delivered_at;
    }
    // variation records-written-late: the log is written by a queue 50 ms after the attempt ended
    if (dest.webhookId && this.options.variations.has('records-written-late')) this.scheduler.after(50, () => this.store.addDelivery(record, dest.url));
    else if (dest.webhookId) this.store.addDelivery(record, dest.url);
    else this.store.emit('delivery', { ...record, url: dest.url });
    return record;
  }
}

/** The first RESPONSE_BODY_MAX characters (code points) of a response body; a body of no more UTF-16 units is whole. */
function truncated(body: string): string {
  return body.length <= RESPONSE_BODY_MAX ? body : Array.from(body).slice(0, RESPONSE_BODY_MAX).join('');
}

/** The data.id of a serialized payload (fault delivery-id-per-message). */
function messageIdOf(body: Buffer): string {
  return String((JSON.parse(body.toString('utf8')) as { data?: { id?: unknown } }).data?.id);
}

/** A UUID made from `what` (a webhook's key, a payload): the same for the same input. */
function uuidFrom(what: string | Buffer): string {
  const hex = createHash('sha256').update(what).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
