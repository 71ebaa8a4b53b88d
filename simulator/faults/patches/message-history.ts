import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { MessageStatus } from '../../types.js';

/** A message's status before its last change, and when it changed. */
export interface StatusChange {
  status: MessageStatus;
  at: number;
}

/**
 * What the replica faults read and the service keeps no record of: each message's status before its last change, by
 * id, kept by a wrapper of the store's setStatus in the calling patch's closure.
 */
export function lastChanges(ref: ReferenceContext): ReadonlyMap<string, StatusChange> {
  const changes = new Map<string, StatusChange>();
  around(ref.store, 'setStatus', (next, id, status, extra) => {
    const before = ref.store.messages.get(id)?.status;
    if (before !== undefined) changes.set(id, { status: before, at: ref.options.clock() });
    return next(id, status, extra);
  });
  return changes;
}

/** True when the message changed status within the last `ms` (a replica that has not seen the change yet). */
export function changedWithin(ref: ReferenceContext, changes: ReadonlyMap<string, StatusChange>, id: string, ms: number): boolean {
  const change = changes.get(id);
  return change !== undefined && change.at > ref.options.clock() - ms;
}

/** The ids of the messages sent from a template, kept by a wrapper of send-template's answers. */
export function templateMessageIds(ref: ReferenceContext): ReadonlySet<string> {
  const ids = new Set<string>();
  around(ref.operations, 'sendTemplateMessage', async (next, req) => {
    const reply = await next(req);
    if (reply.status === 201 && reply.json !== undefined) ids.add((JSON.parse(reply.json) as { id: string }).id);
    return reply;
  });
  return ids;
}
