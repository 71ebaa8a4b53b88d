/** The in-process API over one reference instance (simulator-api.ts says what it offers; this builds it). */
import type { ReferenceContext } from './context.js';
import { SHARED_NUMBER, MESSAGE_MAX } from './messages/send-checks.js';
import type { SimulatorApi } from './simulator-api.js';
import type { Message } from './types.js';
import { checkE164, checkText } from './validation/fields.js';

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
