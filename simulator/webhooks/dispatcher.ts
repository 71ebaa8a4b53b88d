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
import type { PostOptions, PostResult } from './http-post.js';
import { KeepAliveAgents } from './keep-alive-agents.js';
import { serviceMac, signatureHeaders } from './signer.js';
import { stamp } from '../variations.js';

/** Where events go: a registered webhook, or the simulator's one configured URL (webhookId null). */
export interface Destination {
  key: string;
  webhookId: string | null;
  url: string;
  /** The secret that signs now (a rotation takes effect at once, spec §4.2). */
  secret: () => string;
}

/** One attempt of a delivery, as each of its steps sees it. */
export interface Attempt {
  dest: Destination;
  event: EventKind;
  /** The payload's bytes: the same on every attempt, and what the signature covers. */
  body: Buffer;
  /** Service-Delivery-Id: the same on every attempt of one delivery. */
  deliveryId: string;
  /** 1 for a delivery's first attempt (and a test's only one), 2 for its first retry... */
  n: number;
  test: boolean;
  /** When it was sent (variation delivered-at-send-time stamps that, not its end). */
  sentAt: number;
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
 * Sends events to webhooks (DESIGN §4): signed, one record per attempt, retried with exponential backoff. Deliveries
 * to one destination go out one at a time, in order, so receivers see the lifecycle order. Its public steps (pick the
 * webhooks, build the payload, sign, send, schedule a retry, record an attempt) are parts faults may wrap (decision 33).
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
    // checkWebhookUrl is validation's, which still switches its faults inside
    private readonly faults: FaultSet,
    private readonly simulatorSecret: string,
  ) {
    this.guard = new EgressGuard(options.egress);
  }

  /** Fans an event out to every subscribed webhook (and, in simulator mode, to the configured URL). */
  publish(event: EventKind, data: Record<string, unknown>): void {
    // serialised at the first destination: most events of a run go to none (no webhook registered at that moment)
    let serialized: Buffer | undefined;
    const body = () => (serialized ??= this.serialize(event, data));
    for (const webhook of this.subscribers(event)) this.enqueue(this.destination(webhook), event, body());
    const url = this.simulatorUrl();
    if (url !== undefined) this.enqueue({ key: '\u0000simulator', webhookId: null, url, secret: () => this.simulatorSecret }, event, body());
  }

  /** The webhooks an event goes to: those subscribed to it (spec §4.2), oldest first. */
  subscribers(event: EventKind): StoredWebhook[] {
    return this.store.listWebhooks().filter((webhook) => (webhook.events as string[]).includes(event));
  }

  /** Simulator mode's one configured URL, which gets every event too (DESIGN §4); undefined otherwise. */
  simulatorUrl(): string | undefined {
    const { mode, webhookUrl } = this.options;
    return mode === 'simulator' && webhookUrl ? webhookUrl : undefined;
  }

  /** One test attempt (spec §4.2 test): recorded with test: true, never retried, never throws. */
  async test(webhook: StoredWebhook): Promise<DeliveryRecord> {
    const data = {
      webhook_id: webhook.id,
      message: 'Test delivery from the reference service',
      created_at: stamp(this.options.variations, this.options.clock()),
    };
    const event = 'test.webhook.sent';
    const dest = this.destination(webhook);
    const attempt: Attempt = { dest, event, body: this.serialize(event, data), deliveryId: randomUUID(), n: 1, test: true, sentAt: this.options.clock() };
    const record = this.recordOf(attempt, await this.send(attempt));
    this.keep(attempt, record);
    return record;
  }

  /** Aborts in-flight attempts and waits for the queues to wind down. */
  async stop(): Promise<void> {
    for (const request of this.inFlight) request.destroy(new Error('the reference stopped'));
    await Promise.allSettled([...this.chains.values()]);
    this.agents.close();
  }

  /** Where a webhook's deliveries go: its url, signed with its secret as it is at each attempt. */
  destination(webhook: StoredWebhook): Destination {
    const current = () => this.store.webhooks.get(webhook.id) ?? webhook;
    return { key: webhook.id, webhookId: webhook.id, url: webhook.url, secret: () => current().signing_secret };
  }

  /** The payload of an event (DESIGN §4): `{event, data}`. */
  payload(event: EventKind, data: Record<string, unknown>): Record<string, unknown> {
    return { event, data };
  }

  private serialize(event: EventKind, data: Record<string, unknown>): Buffer {
    return Buffer.from(JSON.stringify(this.payload(event, data)), 'utf8');
  }

  /** A delivery's Service-Delivery-Id, the same on every retry (DESIGN §4). */
  deliveryId(_dest: Destination, body: Buffer): string {
    // variation delivery-id-per-event: from the payload (one event carries one id at every webhook it goes to)
    return this.options.variations.has('delivery-id-per-event') ? uuidFrom(body) : randomUUID();
  }

  private enqueue(dest: Destination, event: EventKind, body: Buffer): void {
    const previous = this.chains.get(dest.key) ?? Promise.resolve();
    const deliveryId = this.deliveryId(dest, body);
    // variation signed-then-held: signed now, sent 150 ms later at the earliest, so it may cross a rotation in flight
    const now = this.options.clock();
    const held = this.options.variations.has('signed-then-held')
      ? { headers: this.sign({ dest, event, body, deliveryId, n: 1, test: false, sentAt: now }), sendAfter: now + 150 }
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
    body: Buffer,
    deliveryId: string,
    held?: { headers: Record<string, string>; sendAfter: number },
  ): Promise<void> {
    // a delivery that waited its turn behind others is not held again
    const hold = held === undefined ? 0 : held.sendAfter - this.options.clock();
    if (hold > 0) await this.scheduler.sleep(hold);
    // variation retry-committed-at-failure: whether a retry is owed is decided when the attempt fails, not when it is sent
    const committed = this.options.variations.has('retry-committed-at-failure');
    for (let n = 1; ; n++) {
      if (this.scheduler.isStopped) return;
      if ((n === 1 || !committed) && !this.owed(dest, n)) return;
      const attempt: Attempt = { dest, event, body, deliveryId, n, test: false, sentAt: this.options.clock() };
      // variation first-attempt-network-failure: the first attempt never reaches the receiver (spec §2.4: status_code null)
      const result =
        n === 1 && this.options.variations.has('first-attempt-network-failure')
          ? { statusCode: null, body: '', error: 'connection reset before the request was sent' }
          : await this.send(attempt, n === 1 ? held?.headers : undefined);
      const wait = this.delivered(result) ? null : this.retryDelay(attempt);
      this.keep(attempt, this.recordOf(attempt, result));
      if (wait === null || (committed && !this.owed(dest, n))) return;
      await this.scheduler.sleep(wait);
    }
  }

  /** Whether attempt `n` of a delivery is still owed: not once its webhook is deleted (DESIGN §4). */
  owed(dest: Destination, _n: number): boolean {
    return dest.webhookId === null || this.store.webhooks.has(dest.webhookId);
  }

  /** Whether an attempt's answer ends its delivery: a 2xx (DESIGN §4). */
  delivered(result: PostResult): boolean {
    return result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  }

  /** The wait before the retry a failed attempt is owed: exponential backoff; null after the last attempt (DESIGN §4). */
  retryDelay(attempt: Attempt): number | null {
    const { maxAttempts, baseDelayMs } = this.options.retry;
    return attempt.n < maxAttempts ? baseDelayMs * 2 ** (attempt.n - 1) : null;
  }

  /** Sends one attempt, signed now or with the headers it was signed with earlier (`presigned`); never throws. */
  async send(attempt: Attempt, presigned?: Record<string, string>): Promise<PostResult> {
    const { url, allowed, target } = this.route(attempt.dest.url);
    // DESIGN §4: the address rules are checked again at connect time, not only at registration
    if (attempt.dest.webhookId && !allowed) return { statusCode: null, body: '', error: 'webhook URL no longer resolves to a public address' };
    if (!target) return { statusCode: null, body: '', error: `egress guard: ${url.origin} is not an allowed destination` };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'sms-reference/1.0',
      'service-event': attempt.event,
      'service-delivery-id': attempt.deliveryId,
      ...(presigned ?? this.sign(attempt)),
    };
    const { trustedCa: ca, deliveryTimeoutMs: timeoutMs } = this.options;
    return await this.post({ target, hostHeader: url.host, body: attempt.body, headers, ca, timeoutMs, inFlight: this.inFlight, agents: this.agents });
  }

  /** One POST to the address the egress guard chose (DESIGN §4: no redirect is followed). */
  post(request: PostOptions): Promise<PostResult> {
    return postOnce(request);
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

  /** The signature headers of an attempt signed now, under the configured scheme (spec §5.3). */
  sign(attempt: Attempt): Record<string, string> {
    const { signature } = this.options;
    const mac = (secret: string, t: number, raw: Buffer) => this.mac(secret, t, raw);
    return signatureHeaders(signature, this.signingSecrets(attempt), this.timestamp(), attempt.body, attempt.deliveryId, mac);
  }

  /** The secrets an attempt is signed with: the destination's current one (spec §4.2: the old one stops at once). */
  signingSecrets(attempt: Attempt): string[] {
    return [attempt.dest.secret()];
  }

  /** The signature's timestamp: unix seconds (DESIGN §4). */
  timestamp(): number {
    return Math.floor(this.options.clock() / 1000);
  }

  /** The service scheme's v1 (DESIGN §4): hex HMAC-SHA256 of `"<t>.<raw body>"` under the whole secret. */
  mac(secret: string, t: number, raw: Buffer): string {
    return serviceMac(secret, t, raw);
  }

  /** The record of an attempt (spec §2.4). */
  recordOf(attempt: Attempt, result: PostResult): DeliveryRecord {
    const { variations, clock } = this.options;
    const record: DeliveryRecord = {
      id: randomUUID(),
      webhook_id: attempt.dest.webhookId ?? '',
      event: attempt.event,
      status_code: result.statusCode,
      response_body: truncated(result.body),
      delivered_at: stamp(variations, variations.has('delivered-at-send-time') ? attempt.sentAt : clock()),
      // variation canonical-webhooks: an event's record says test: null (spec §2.4 'boolean or null')
      test: attempt.test || !variations.has('canonical-webhooks') ? attempt.test : null,
      ...(variations.has('extra-fields') ? { duration_ms: 1 } : {}),
    };
    if (variations.has('records-by-second')) record.delivered_at = record.delivered_at.replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '');
    return record;
  }

  /** Keeps an attempt's record in its webhook's log (the simulator URL's go to the UI only). */
  keep(attempt: Attempt, record: DeliveryRecord): void {
    const { webhookId, url } = attempt.dest;
    const attempted = webhookId === null ? undefined : this.store.webhooks.get(webhookId);
    if (attempted !== undefined) attempted.last_delivery_at = record.delivered_at;
    // variation records-written-late: the log is written by a queue 50 ms after the attempt ended
    if (webhookId && this.options.variations.has('records-written-late')) this.scheduler.after(50, () => this.store.addDelivery(record, url));
    else if (webhookId) this.store.addDelivery(record, url);
    else this.store.emit('delivery', { ...record, url });
  }
}

/** The first RESPONSE_BODY_MAX characters (code points) of a response body; a body of no more UTF-16 units is whole. */
function truncated(body: string): string {
  return body.length <= RESPONSE_BODY_MAX ? body : Array.from(body).slice(0, RESPONSE_BODY_MAX).join('');
}

/** A UUID made from `what` (a webhook's key, a payload): the same for the same input. */
export function uuidFrom(what: string | Buffer): string {
  const hex = createHash('sha256').update(what).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
