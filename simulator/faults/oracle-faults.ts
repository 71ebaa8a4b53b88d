import { fault } from './fault-entry.js';
import type { Fault } from './fault-entry.js';

/**
 * Faults of issue 16 (sharper oracles): values normalised where they come back, deliveries matched by their fields,
 * and signatures in another valid construction (must-level checks pass them, should-level ones fail).
 */
export const oracleFaults = [
  fault('send-answer-trimmed', 'MSG-SEND-ECHO', 'the send answer shows the message with leading and trailing whitespace trimmed (what is stored is exact)'),
  fault('get-message-nfc', 'MSG-GET-RESPONSE', 'GET /v1/messages/{id} shows the message Unicode-normalised to NFC (combining marks composed)'),
  fault('list-whitespace-collapsed', 'MSG-LIST-ECHO', 'GET /v1/messages shows each message with runs of whitespace collapsed to one space'),
  fault('payload-crlf-to-lf', 'EVT-PAYLOAD-ECHO', 'webhook payloads carry the message with CRLF line endings turned into LF'),
  fault('payload-id-of-previous-message', 'EVT-DATA-ID-MATCHES', 'event payloads carry data.id of the message created just before the one they report'),
  fault('deliveries-text-plain', 'EVT-JSON-CONTENT-TYPE', 'deliveries are POSTed with Content-Type text/plain (the body is still JSON)'),
  fault(
    'signature-timestamp-ms',
    'SIG-TIMESTAMP',
    't in Service-Signature (and in the signed "<t>.<body>") is in milliseconds, a valid HMAC in another construction',
  ),
  fault('signature-hmac-sha1', 'SIG-HMAC-SHA256', 'v1 carries an HMAC-SHA1 instead of an HMAC-SHA256'),
] as const satisfies readonly Fault[];
