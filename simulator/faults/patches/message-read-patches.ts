import { around } from '../../around.js';
import { ApiError } from '../../errors.js';
import { jsonReply } from '../../http/reply.js';
import { beforeOperation, editAnswers } from './answers.js';
import { changedWithin, lastChanges } from './message-history.js';
import type { Patches } from './patch.js';

/** The faults of GET /v1/messages/{message_id} (spec §4.1). */
export const messageReadPatches: Patches = {
  'unknown-message-500': (ref) =>
    beforeOperation(ref, 'getMessage', (req) => {
      if (!ref.store.messages.has(req.params.message_id ?? '')) throw new ApiError(500, 'internal_error', 'internal error');
    }),
  'unknown-message-200': ({ operations, store }) =>
    around(operations, 'getMessage', (next, req) => (store.messages.has(req.params.message_id ?? '') ? next(req) : jsonReply(200, null))),
  // every second read of a delivered message shows it sent
  'get-status-flaps': (ref) => {
    const reads = new Map<string, number>();
    editAnswers(ref, 'getMessage', (message, req) => {
      if (message.status !== 'delivered') return;
      const id = req.params.message_id ?? '';
      reads.set(id, (reads.get(id) ?? 0) + 1);
      if ((reads.get(id) ?? 0) % 2 === 0) message.status = 'sent';
    });
  },
  // GET reads a replica that shows a change 1 s after the events about it went out
  'get-lags-events': (ref) => {
    const changes = lastChanges(ref);
    editAnswers(ref, 'getMessage', (message, req) => {
      const id = req.params.message_id ?? '';
      if (changedWithin(ref, changes, id, 1000)) message.status = changes.get(id)?.status;
    });
  },
  'get-swaps-to-from': (ref) => editAnswers(ref, 'getMessage', (message) => void ([message.to, message.from] = [message.from, message.to])),
  'get-message-nfc': (ref) => editAnswers(ref, 'getMessage', (message) => void (message.message = String(message.message).normalize('NFC'))),
};
