import type { ReferenceContext } from './context.js';
import type { StoreEvents } from './store.js';
import type { DeliveryRecord, Message, Webhook } from './types.js';
import type { ReferenceMode } from './options.js';
import { SHARED_NUMBER, MESSAGE_MAX } from './messages/routes.js';
import { checkE164, checkText } from './validation/fields.js';

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

function toMessage(ref: ReferenceContext, m: Parameters<ReferenceContext['messages']['present']>[0]): Message {
  return ref.messages.present(m) as unknown as Message;
}

/** Builds the simulator API over one reference instance. */
export function createSimulatorApi(ref: ReferenceContext): SimulatorApi {
  return {
    mode: ref.options.mode,
    sharedNumber: SHARED_NUMBER,
    webhookUrl: ref.options.webhookUrl,
    listMessages: (filter = {}) =>
      ref.store
        .listMessages()
        .filter((m) => !filter.number || m.to === filter.number || m.from === filter.number)
        .map((m) => toMessage(ref, m)),
    getMessage: (id) => {
      const m = ref.store.messages.get(id);
      return m ? toMessage(ref, m) : null;
    },
    sendInbound: ({ from, to, message }) => {
      checkE164('from', from);
      checkE164('to', to ?? SHARED_NUMBER);
      if (message.length === 0) throw new Error('message must not be empty');
      checkText('message', message, MESSAGE_MAX);
      return toMessage(ref, ref.messages.createInbound({ from, to: to ?? SHARED_NUMBER, message }));
    },
    on: (event, listener) => {
      // EventEmitter's generic typing cannot follow a generic event name; the listener matches StoreEvents[E]
      const emitter = ref.store as unknown as { on(e: string, l: (...a: unknown[]) => void): void; off(e: string, l: (...a: unknown[]) => void): void };
      const l = listener as (...a: unknown[]) => void;
      emitter.on(event, l);
      return () => emitter.off(event, l);
    },
    listWebhooks: () =>
      ref.store
        .listWebhooks()
        .map((w) => ({ id: w.id, workspace_id: w.workspace_id, url: w.url, events: [...w.events], created_at: w.created_at, updated_at: w.updated_at })),
    listDeliveries: (webhookId) => ref.store.listDeliveries(webhookId),
  };
}
