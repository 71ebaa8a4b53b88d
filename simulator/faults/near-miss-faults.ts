import { fault } from './fault-entry.js';
import type { Fault } from './fault-entry.js';

/**
 * Faults of issue 23's near-misses: inputs a sloppy implementation reads leniently (an enum in another case or cut
 * short, a phone number as a person types it, a UUID in another spelling, an integer that wraps). The harness's
 * generic invalid value (`queued_invalid`, `+44abc`) passes every one of them; only the near-misses catch them.
 */
export const nearMissFaults = [
  fault('status-filter-case-insensitive', 'MSG-LIST-STATUS-ENUM', 'GET /v1/messages matches the status filter ignoring case (SENT, Sent and sent alike)'),
  fault('direction-filter-prefix', 'MSG-LIST-DIRECTION-ENUM', 'GET /v1/messages takes a direction filter that starts a member (inb, out) as that member'),
  fault('limit-wraps-32-bit', 'MSG-LIST-LIMIT-MAX', 'GET /v1/messages reads limit as a 32-bit integer, so 4294967396 wraps to 100 and is served'),
  fault('to-formatting-normalised', 'MSG-SEND-TO-E164', 'POST /v1/messages strips spaces, dashes, dots and parentheses from `to` before its E.164 check'),
  fault('to-unicode-digits', 'MSG-SEND-TO-E164', 'POST /v1/messages checks `to` with a Unicode digit class, so +١٤١٥٥٥٥٠١٠٠ (Arabic-Indic digits) is taken'),
  fault('template-to-international-prefix', 'TPL-TO-E164', 'send-template reads a `to` with a leading 00, or without +, as an international number'),
  fault('test-event-subscribable', 'WH-EVENTS-ENUM', 'create and update take test.webhook.sent (a delivery-record event, spec §6) as a subscription'),
  fault('events-case-insensitive', 'WH-EVENTS-ENUM', 'create and update match event names ignoring case (MESSAGE.SENT subscribes message.sent)'),
  fault('webhook-id-lenient-uuid', 'WH-ID-UUID', 'webhook paths read the id like a lenient UUID parser: braces and a missing hyphen still find the webhook'),
] as const satisfies readonly Fault[];
