import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { platformId } from '../../messages/message-service.js';
import type { Patch, Patches } from './patch.js';

/** A fault of the Message resource as every answer and event shows it (spec §2.1): `edit` changes it in place. */
function shown(edit: (out: Record<string, unknown>, ref: ReferenceContext) => void): Patch {
  return (ref) =>
    around(ref.messages, 'present', (next, m) => {
      const out = next(m);
      edit(out, ref);
      return out;
    });
}

/** The faults of the Message resource's fields (spec §2.1). */
export const messageShapePatches: Patches = {
  'to-without-plus': shown((out) => void (out.to = String(out.to).replace(/^\+/, ''))),
  'status-uppercase': shown((out) => void (out.status = String(out.status).toUpperCase())),
  'direction-outgoing': shown((out) => void (out.direction = out.direction === 'outbound' ? 'outgoing' : 'incoming')),
  'wrong-field-type': shown((out) => void (out.created_at = Date.parse(String(out.created_at)))),
  'created-at-no-offset': shown((out) => void (out.created_at = String(out.created_at).replace(/Z$/, ''))),
  // an identifier made at read time, never stored
  'platform-id-per-read': shown((out) => void (out.platform_message_id &&= platformId())),
  'platform-id-null': shown((out, ref) => void (ref.options.variations.has('extra-fields') || (out.platform_message_id = null))),
  'missing-direction': shown((out) => void delete out.direction),
  // a consistent naming of its own, as a third-party simulator may have (a --dialect run reads it back: decision 0031)
  'message-id-renamed': ({ messages }) =>
    around(messages, 'present', (next, m) => Object.fromEntries(Object.entries(next(m)).map(([key, value]) => [key === 'id' ? 'message_id' : key, value]))),
};
