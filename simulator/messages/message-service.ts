import { randomUUID } from 'node:crypto';
import type { FaultSet } from '../faults/fault-set.js';
import type { ResolvedOptions } from '../options.js';
import type { Scheduler } from '../scheduler.js';
import type { Store } from '../store.js';
import type { EventKind, MessageStatus, StoredMessage } from '../types.js';
import { stamp } from '../variations.js';

/** Hands an event to the webhook dispatcher. */
export type Publish = (event: EventKind, data: Record<string, unknown>) => void;

/** Why a message to a number on the failing list fails. */
export const FAILURE_REASON = 'carrier rejected the message: recipient unreachable (simulated)';

const NEXT: Partial<Record<MessageStatus, (failing: boolean) => MessageStatus>> = {
  queued: () => 'pending',
  pending: (failing) => (failing ? 'failed' : 'sent'),
  sent: () => 'delivered',
};

/**
 * A platform message id: `sim_` and 24 random hex digits, the random digits of a v4 UUID (Node draws those from the
 * CSPRNG in batches; a randomBytes call per id cost ten times more) without its fixed version and variant digits.
 */
function platformId(): string {
  const u = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx
  return `sim_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(15, 18)}${u.slice(20, 23)}${u.slice(24, 30)}`;
}

/** Creates messages and moves outbound ones through queued → pending → sent → delivered | failed (DESIGN §4). */
export class MessageService {
  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly options: ResolvedOptions,
    private readonly faults: FaultSet,
    private readonly publish: Publish,
  ) {}

  /** Stores a new outbound message (status queued) and starts its lifecycle. */
  createOutbound(input: { to: string; from: string; message: string; metadata?: Record<string, unknown> }, fromTemplate = false): StoredMessage {
    const message: StoredMessage = {
      id: this.newId(),
      to: input.to,
      from: input.from,
      message: input.message,
      status: 'queued',
      direction: this.faults.has('send-direction-inbound') ? 'inbound' : 'outbound',
      // fault created-at-local-as-z: the server's local time (UTC+2) written with a Z
      created_at: stamp(this.options.variations, this.options.clock() + (this.faults.has('created-at-local-as-z') ? 2 * 3_600_000 : 0)),
      seq: this.store.nextSeq(),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      created_status: 'queued',
      ...(fromTemplate ? { from_template: true } : {}),
    };
    this.store.addMessage(message);
    this.scheduleStep(message.id);
    return message;
  }

  /** A new message id; the second-based-message-id fault makes it from the clock's second, which messages of one second share. */
  private newId(): string {
    if (!this.faults.has('second-based-message-id')) {
      if (this.options.variations.has('prefixed-message-ids')) return `msg_${randomUUID()}`;
      // variation canonical-webhooks: a UUID in upper case is a UUID (RFC 9562 §4: case-insensitive on input)
      return this.options.variations.has('canonical-webhooks') ? randomUUID().toUpperCase() : randomUUID();
    }
    return `msg_${new Date(this.options.clock()).toISOString().slice(0, 19).replace(/\D/g, '')}`;
  }

  /** Stores a message a virtual phone sent to the service and emits message.received (spec §6). */
  createInbound(input: { from: string; to: string; message: string }): StoredMessage {
    const message: StoredMessage = {
      id: randomUUID(),
      ...input,
      // the stored status stays in the spec §2.1 enum; the payload says "received" (spec §2.1 note)
      status: 'delivered',
      direction: 'inbound',
      created_at: stamp(this.options.variations, this.options.clock()),
      seq: this.store.nextSeq(),
    };
    if (!this.faults.has('virtual-phone-text-not-stored')) this.store.addMessage(message);
    const data: Record<string, unknown> = { ...this.present(message), status: 'received' };
    if (this.faults.has('received-payload-without-from')) delete data.from;
    this.publish('message.received', data);
    return message;
  }

  /** The Message resource as the API shows it (spec §2.1). */
  present(m: StoredMessage): Record<string, unknown> {
    const f = this.faults;
    const out: Record<string, unknown> = {
      id: m.id,
      to: f.has('to-without-plus') ? m.to.replace(/^\+/, '') : m.to,
      from: m.from,
      message: m.message,
      status: f.has('status-uppercase') ? m.status.toUpperCase() : m.status,
      direction: f.has('direction-outgoing') ? (m.direction === 'outbound' ? 'outgoing' : 'incoming') : m.direction,
      created_at: f.has('wrong-field-type') ? Date.parse(m.created_at) : f.has('created-at-no-offset') ? m.created_at.replace(/Z$/, '') : m.created_at,
    };
    // fault platform-id-per-read: an identifier made at read time, never stored
    if (m.platform_message_id) out.platform_message_id = f.has('platform-id-per-read') ? platformId() : m.platform_message_id;
    if (this.options.variations.has('extra-fields')) out.segments = Math.max(1, Math.ceil([...m.message].length / 160));
    else if (f.has('platform-id-null')) out.platform_message_id = null;
    if (f.has('missing-direction')) delete out.direction;
    // a consistent naming of its own, as a third-party simulator may have (a --dialect run reads it back: decision 0031)
    if (f.has('message-id-renamed')) return Object.fromEntries(Object.entries(out).map(([key, value]) => [key === 'id' ? 'message_id' : key, value]));
    return out;
  }

  /** The message created just before `m` (fault payload-id-of-previous-message). */
  private createdBefore(m: StoredMessage): StoredMessage | undefined {
    let before: StoredMessage | undefined;
    for (const other of this.store.messages.values()) if (other.seq < m.seq && (before === undefined || other.seq > before.seq)) before = other;
    return before;
  }

  private scheduleStep(id: string): void {
    this.scheduler.after(this.options.stepMs, () => this.step(id));
  }

  /** Moves a message in flight one step on now (variation status-advances-on-read: a read refreshes it). */
  advance(id: string): void {
    this.step(id);
  }

  private step(id: string): void {
    const current = this.store.messages.get(id);
    const failing = current !== undefined && this.options.failingNumbers.has(current.to) && !this.faults.has('failing-number-delivered');
    // fault skips-pending: queued goes straight on to sent (or failed), as a lifecycle without pending would
    const from = current?.status === 'queued' && this.faults.has('skips-pending') ? 'pending' : current?.status;
    const next = current && from && NEXT[from]?.(failing);
    if (!current || !next) return;
    const extra: Partial<StoredMessage> = {};
    if (next === 'sent') extra.platform_message_id = platformId();
    if (next === 'failed') extra.failure_reason = FAILURE_REASON;
    if (this.faults.has('get-lags-events') || this.faults.has('status-filter-index-lags') || this.faults.has('status-updated-payload-previous'))
      extra.previous = { status: current.status, until: this.options.clock() };
    const message = this.store.setStatus(id, next, extra) as StoredMessage;
    this.emitChange(message);
    if (next !== 'delivered' && next !== 'failed') this.scheduleStep(id);
  }

  /** Events of a status change (DESIGN §4): status.updated always, plus sent / delivered / failed on entry. */
  private emitChange(m: StoredMessage): void {
    const data = this.present(m);
    if (m.status === 'failed' && !this.faults.has('missing-failure-reason')) data.failure_reason = m.failure_reason;
    if (this.faults.has('payload-id-of-previous-message')) data.id = this.createdBefore(m)?.id ?? data.id;
    // fault status-updated-payload-previous: the status.updated payload is the message as it was before the change
    const before = this.faults.has('status-updated-payload-previous') && m.previous ? { ...data, status: m.previous.status } : data;
    if (!this.faults.has('no-status-updated-event')) this.publish('message.status.updated', before);
    const early = this.faults.has('delivered-before-sent');
    if (m.status === 'sent') {
      if (early) this.publish('message.delivered', { ...data, status: 'delivered' });
      this.publish('message.sent', data);
    }
    if (m.status === 'delivered' && !early && !this.faults.has('no-delivered-event')) {
      this.publish('message.delivered', data);
      if (this.faults.has('duplicate-delivered-event')) this.publish('message.delivered', data);
    }
    if (m.status === 'failed' && !this.faults.has('no-event-on-failure')) this.publish('message.failed', data);
  }
}
