import type { Message } from '../types.js';

/** A message as the virtual-phone page shows it: the Message resource plus, for a failed send, its reason. */
export interface MessageView extends Message {
  failure_reason?: string;
}

/** The virtual phone a message belongs to: the recipient of an outbound message, the sender of an inbound one. */
export function phoneOf(m: Pick<Message, 'to' | 'from' | 'direction'>): string {
  return m.direction === 'inbound' ? m.from : m.to;
}

/**
 * Picks the fields the page needs. The presented Message may be bent by a switched-on fault
 * (numeric created_at, no direction), so the view normalises it rather than trusting it.
 */
export function toMessageView(m: Message & { failure_reason?: string }, failureReason?: string): MessageView {
  const created = m.created_at as unknown;
  const view: MessageView = {
    id: m.id,
    to: m.to,
    from: m.from,
    message: m.message,
    status: m.status,
    direction: m.direction ?? 'outbound',
    created_at: typeof created === 'number' ? new Date(created).toISOString() : String(created),
  };
  const reason = m.failure_reason ?? failureReason;
  if (m.status === 'failed' && reason) view.failure_reason = reason;
  return view;
}
