import { EventEmitter } from 'node:events';
import type { DeliveryRecord, MessageStatus, StoredMessage, StoredWebhook } from './types.js';

/** Events of the store, for the web UI: a message was created or changed, a delivery attempt was made. */
export interface StoreEvents {
  'message.created': [StoredMessage];
  'message.changed': [StoredMessage];
  delivery: [DeliveryRecord & { url: string }];
}

/** In-memory state of one reference instance: messages, webhooks and delivery records. */
export class Store extends EventEmitter<StoreEvents> {
  readonly messages = new Map<string, StoredMessage>();
  readonly webhooks = new Map<string, StoredWebhook>();
  readonly deliveries = new Map<string, DeliveryRecord[]>();
  private seq = 0;

  nextSeq(): number {
    return ++this.seq;
  }

  addMessage(message: StoredMessage): void {
    // a reused id (fault second-based-message-id) moves to the end, so insertion order stays seq order
    this.messages.delete(message.id);
    this.messages.set(message.id, message);
    // a copy per listener-less event was allocation for nothing (the embedded reference has no UI listening)
    if (this.listenerCount('message.created') > 0) this.emit('message.created', { ...message });
  }

  setStatus(id: string, status: MessageStatus, extra: Partial<StoredMessage> = {}): StoredMessage | null {
    const message = this.messages.get(id);
    if (!message) return null;
    Object.assign(message, extra, { status });
    if (this.listenerCount('message.changed') > 0) this.emit('message.changed', { ...message });
    return message;
  }

  /** Messages newest first: insertion order reversed (seq grows with insertion; sorting was most of a list's time). */
  listMessages(): StoredMessage[] {
    return [...this.messages.values()].reverse();
  }

  /** Webhooks oldest first (the order they were registered). */
  listWebhooks(): StoredWebhook[] {
    return [...this.webhooks.values()].sort((a, b) => a.seq - b.seq);
  }

  addDelivery(record: DeliveryRecord, url: string): void {
    const list = this.deliveries.get(record.webhook_id) ?? [];
    list.push(record);
    this.deliveries.set(record.webhook_id, list);
    if (this.listenerCount('delivery') > 0) this.emit('delivery', { ...record, url });
  }

  /** Delivery records of a webhook, newest first. */
  listDeliveries(webhookId: string): DeliveryRecord[] {
    return [...(this.deliveries.get(webhookId) ?? [])].reverse();
  }
}
