import { randomUUID } from 'node:crypto';
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
export function platformId(): string {
  const u = randomUUID(); // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx
  return `sim_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(15, 18)}${u.slice(20, 23)}${u.slice(24, 30)}`;
}

/**
 * Creates messages and moves outbound ones through queued → pending → sent → delivered | failed (DESIGN §4). Its public
 * functions are the parts faults wrap (docs/decisions/0033); it calls them through `this`, so it meets the wrappers.
 */
export class MessageService {
  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly options: ResolvedOptions,
    private readonly dispatch: Publish,
  ) {}

  /** Stores a new outbound message (status queued) and starts its lifecycle. */
  createOutbound(input: { to: string; from: string; message: string; metadata?: Record<string, unknown> }): StoredMessage {
    const message: StoredMessage = {
      id: this.newId(),
      to: input.to,
      from: input.from,
      message: input.message,
      status: 'queued',
      direction: 'outbound',
      created_at: stamp(this.options.variations, this.options.clock()),
      seq: this.store.nextSeq(),
      ...(input.metadata ? { metadata: input.metadata } : {}),
    };
    this.store.addMessage(message);
    this.scheduleStep(message.id);
    return message;
  }

  /** A new message id: a UUID (spec §2.1: unique). */
  newId(): string {
    if (this.options.variations.has('prefixed-message-ids')) return `msg_${randomUUID()}`;
    // variation canonical-webhooks: a UUID in upper case is a UUID (RFC 9562 §4: case-insensitive on input)
    return this.options.variations.has('canonical-webhooks') ? randomUUID().toUpperCase() : randomUUID();
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
    this.store.addMessage(message);
    this.publish('message.received', { ...this.present(message), status: 'received' });
    return message;
  }

  /** The Message resource as the API shows it (spec §2.1). */
  present(m: StoredMessage): Record<string, unknown> {
    const out: Record<string, unknown> = {
      id: m.id,
      to: m.to,
      from: m.from,
      message: m.message,
      status: m.status,
      direction: m.direction,
      created_at: m.created_at,
    };
    if (m.platform_message_id) out.platform_message_id = m.platform_message_id;
    if (this.options.variations.has('extra-fields')) out.segments = Math.max(1, Math.ceil([...m.message].length / 160));
    return out;
  }

  /** Hands one event about a message to the webhooks (spec §6). */
  publish(event: EventKind, data: Record<string, unknown>): void {
    this.dispatch(event, data);
  }

  /** True when a message fails at the carrier: its number is on the failing list (DESIGN §4). */
  fails(m: StoredMessage): boolean {
    return this.options.failingNumbers.has(m.to);
  }

  /** The status a message in flight moves to next (DESIGN §4), or undefined once it is final. */
  nextStatus(status: MessageStatus, failing: boolean): MessageStatus | undefined {
    return NEXT[status]?.(failing);
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
    const next = current && this.nextStatus(current.status, this.fails(current));
    if (!current || !next) return;
    const extra: Partial<StoredMessage> = {};
    if (next === 'sent') extra.platform_message_id = platformId();
    if (next === 'failed') extra.failure_reason = FAILURE_REASON;
    const message = this.store.setStatus(id, next, extra) as StoredMessage;
    this.emitChange(message);
    if (next !== 'delivered' && next !== 'failed') this.scheduleStep(id);
  }

  /** Events of a status change (DESIGN §4): status.updated always, plus sent / delivered / failed on entry. */
  private emitChange(m: StoredMessage): void {
    const data = this.present(m);
    if (m.status === 'failed') data.failure_reason = m.failure_reason;
    this.publish('message.status.updated', data);
    if (m.status === 'sent') this.publish('message.sent', data);
    if (m.status === 'delivered') this.publish('message.delivered', data);
    if (m.status === 'failed') this.publish('message.failed', data);
  }
}
