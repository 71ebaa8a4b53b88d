import type { RequestListener } from 'node:http';
import type { StoreEvents } from './store.js';
import type { DeliveryRecord, Message, ReferenceMode, Webhook } from './types.js';

/**
 * The in-process API a web UI (virtual phones) uses; it never goes through HTTP or auth.
 * Listeners get copies, so mutating them does not change the store.
 */
export interface SimulatorApi {
  readonly mode: ReferenceMode;
  /** The number Starter template sends use when they give no `from`; a virtual phone texts it by default. */
  readonly sharedNumber: string;
  /** Messages newest first; with `number`, only those sent to or from that number. */
  listMessages(filter?: { number?: string }): Message[];
  /** One message, or null. */
  getMessage(id: string): Message | null;
  /**
   * A virtual phone texts the service: stores an inbound message (listed by GET /v1/messages) and
   * sends message.received (payload status "received") to the configured webhook URL.
   * Throws an Error with an explanatory message when `from`/`to` is not E.164 or the text is empty or over 1600 characters.
   */
  sendInbound(input: { from: string; to?: string; message: string }): Message;
  /** Subscribes to store events; returns the unsubscribe function. */
  on<E extends keyof StoreEvents>(event: E, listener: (...args: StoreEvents[E]) => void): () => void;
  /** Registered webhooks (without secrets). */
  listWebhooks(): Webhook[];
  /** Delivery records of a webhook, newest first. */
  listDeliveries(webhookId: string): DeliveryRecord[];
  /** The simulator-mode webhook URL, or null. */
  readonly webhookUrl: string | null;
}

/** Builds the UI server's request handler from the simulator API (the UI engineer's hook). */
export type UiHandlerFactory = (api: SimulatorApi) => RequestListener;
