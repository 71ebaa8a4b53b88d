import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { EventKind, StoredMessage } from '../../types.js';
import { stamp } from '../../variations.js';
import { lastChanges } from './message-history.js';
import type { Patch, Patches } from './patch.js';

/** A fault of the events a status change emits (spec §6): `edit` answers the events to publish instead of one. */
function events(edit: (event: EventKind, data: Record<string, unknown>, ref: ReferenceContext) => [EventKind, Record<string, unknown>][]): Patch {
  return (ref) =>
    around(ref.messages, 'publish', (next, event, data) => {
      for (const [kind, payload] of edit(event, data, ref)) next(kind, payload);
    });
}

/** Drops every event of one kind. */
function withoutEvent(kind: EventKind): Patch {
  return events((event, data) => (event === kind ? [] : [[event, data]]));
}

/** `data` without its field `key`. */
function without(data: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = data;
  return rest;
}

/** The message created just before the one with id `id`, by creation order. */
function createdBefore(ref: ReferenceContext, id: unknown): StoredMessage | undefined {
  const m = ref.store.messages.get(String(id));
  let before: StoredMessage | undefined;
  for (const other of ref.store.messages.values()) if (m && other.seq < m.seq && (before === undefined || other.seq > before.seq)) before = other;
  return before;
}

/** The faults of creating messages and of their lifecycle and events (spec §2.1, §6, DESIGN §4). */
export const messageLifecyclePatches: Patches = {
  'send-direction-inbound': ({ messages }) =>
    around(messages, 'createOutbound', (next, input) => Object.assign(next(input), { direction: 'inbound' as const })),
  // the server's local time (UTC+2) written with a Z
  'created-at-local-as-z': ({ messages, options }) =>
    around(messages, 'createOutbound', (next, input) => {
      const m = next(input);
      m.created_at = stamp(options.variations, Date.parse(m.created_at) + 2 * 3_600_000);
      return m;
    }),
  // an id made from the clock's second, which messages of one second share
  'second-based-message-id': ({ messages, options }) =>
    around(messages, 'newId', () => `msg_${new Date(options.clock()).toISOString().slice(0, 19).replace(/\D/g, '')}`),
  'virtual-phone-text-not-stored': ({ messages, store }) =>
    around(messages, 'createInbound', (next, input) => {
      const m = next(input);
      store.messages.delete(m.id);
      return m;
    }),
  'received-payload-without-from': events((event, data) => [[event, event === 'message.received' ? without(data, 'from') : data]]),
  'failing-number-delivered': ({ messages }) => around(messages, 'fails', () => false),
  // queued goes straight on to sent (or failed), as a lifecycle without pending would
  'skips-pending': ({ messages }) => around(messages, 'nextStatus', (next, status, failing) => next(status === 'queued' ? 'pending' : status, failing)),
  'missing-failure-reason': events((event, data) => [[event, without(data, 'failure_reason')]]),
  'payload-id-of-previous-message': events((event, data, ref) => [
    [event, event === 'message.received' ? data : { ...data, id: createdBefore(ref, data.id)?.id ?? data.id }],
  ]),
  // the status.updated payload is the message as it was before the change
  'status-updated-payload-previous': (ref) => {
    const changes = lastChanges(ref);
    events((event, data) => {
      const before = event === 'message.status.updated' ? changes.get(String(data.id)) : undefined;
      return [[event, before ? { ...data, status: before.status } : data]];
    })(ref);
  },
  'no-status-updated-event': withoutEvent('message.status.updated'),
  'no-delivered-event': withoutEvent('message.delivered'),
  'no-event-on-failure': withoutEvent('message.failed'),
  'duplicate-delivered-event': events((event, data) =>
    event === 'message.delivered'
      ? [
          [event, data],
          [event, data],
        ]
      : [[event, data]],
  ),
  // message.delivered goes out with message.sent, before it; none when the message is delivered
  'delivered-before-sent': events((event, data) => {
    if (event === 'message.delivered') return [];
    return event === 'message.sent'
      ? [
          ['message.delivered', { ...data, status: 'delivered' }],
          [event, data],
        ]
      : [[event, data]];
  }),
};
