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
  fault(
    'unlisted-method-404',
    'ERR-METHOD-NOT-ALLOWED',
    'a method the API does not serve on a known path (PATCH /v1/messages) answers 404, as for an unknown path',
  ),
  fault('unlisted-method-no-allow', 'ERR-METHOD-NOT-ALLOWED', 'a method the API does not serve on a known path answers 405 without an Allow header'),
  fault('template-from-ignored', 'TPL-FROM-ECHO', 'send-template sends from the shared number even when the request gives a from'),
  fault('failing-number-delivered', 'MSG-FAILING-NUMBER', 'messages to a number on the failing list are delivered like any other'),
  fault('malformed-webhook-id-422', 'WH-PATH-MALFORMED', 'a webhook path id that is not a UUID answers 422 (a 4xx, but neither 400 nor 404)'),
  fault('redirects-followed', 'WH-NO-REDIRECTS', 'a delivery answered with a 3xx and a Location is sent again to that Location'),
  fault('fields-beside-event', 'EVT-DATA-FIELDS', 'message.failed payloads repeat id and failure_reason beside event, as well as in data'),
  fault('simulator-url-when-no-webhooks', 'SIM-WEBHOOK-URL-ALL-WEBHOOKS', 'the simulator sends to its one webhook URL only while no webhook is registered'),
  fault('deliveries-limit-0-accepted', 'DLV-LIMIT-MIN', 'GET /v1/webhooks/{id}/deliveries accepts limit=0 (and answers an empty page)'),
] as const satisfies readonly Fault[];
