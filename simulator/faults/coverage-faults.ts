import { fault } from './fault-entry.js';
import type { Fault } from './fault-entry.js';

/** Faults of issue 23's coverage: requirements that had no check that could fail now have one, and a fault it catches. */
export const coverageFaults = [
  fault('received-payload-without-from', 'EVT-RECEIVED-PAYLOAD', 'message.received payloads leave `from` out of data (the virtual phone is not named)'),
  fault(
    'virtual-phone-text-not-stored',
    'SIM-VIRTUAL-PHONES',
    'a virtual phone’s text is sent as message.received but never stored: GET /v1/messages does not list it',
  ),
  fault('deliveries-limit-0-accepted', 'DLV-LIMIT-MIN', 'GET /v1/webhooks/{id}/deliveries accepts limit=0 (and answers an empty page)'),
] as const satisfies readonly Fault[];
