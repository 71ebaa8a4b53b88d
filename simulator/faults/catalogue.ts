/** A named fault of the reference: switching it on breaks exactly one requirement. */
export interface Fault {
  id: string;
  requirement: string;
  area: string;
  description: string;
}

const f = <const I extends string>(id: I, requirement: string, description: string) =>
  ({ id, requirement, area: requirement.split('-')[0] ?? '', description }) as const;

/** Every fault the reference can switch on (`faults: [id]` or `--fault id`). */
export const faultCatalogue = [
  f('accepts-1601-chars', 'MSG-SEND-MESSAGE-MAX', 'POST /v1/messages accepts a 1601-character message'),
  f('accepts-limit-101', 'MSG-LIST-LIMIT-MAX', 'GET /v1/messages accepts limit=101'),
  f('accepts-page-0', 'MSG-LIST-PAGE-MIN', 'GET /v1/messages accepts page=0'),
  f('e164-not-checked-on-send', 'MSG-SEND-TO-E164', 'POST /v1/messages accepts a `to` that is not E.164'),
  f('missing-from-accepted', 'MSG-SEND-FROM-REQUIRED', 'POST /v1/messages accepts a body without `from`'),
  f('list-not-wrapped', 'MSG-LIST-ENVELOPE', 'GET /v1/messages answers a bare array instead of {data, pagination}'),
  f('missing-direction', 'MSG-FIELDS-REQUIRED', 'messages are returned without `direction`'),
  f('wrong-field-type', 'MSG-SEND-RESPONSE', '`created_at` of a message is a number (epoch ms) instead of a date-time string'),
  f('page-ignored', 'MSG-LIST-RESPONSE', 'GET /v1/messages always returns the first page'),
  f('filter-ignored', 'MSG-LIST-FILTER-STATUS', 'GET /v1/messages ignores the status and direction filters'),
  f('new-message-sent-status', 'MSG-NEW-QUEUED', 'a new message is returned with status sent instead of queued'),
  f('unknown-message-500', 'MSG-GET-UNKNOWN-404', 'GET /v1/messages/{id} of an unknown id answers 500'),
  f('e164-not-checked-on-template', 'TPL-TO-E164', 'send-template accepts a `to` that is not E.164'),
  f('unknown-template-sent', 'TPL-UNKNOWN-404', 'an unknown template without fallback is sent as its name instead of 404'),
  f('fallback-ignored', 'TPL-FALLBACK', 'an unknown template with a fallback answers 404 instead of sending the fallback'),
  f('starter-freeform-allowed', 'TIER-STARTER-FREEFORM-402', 'a Starter key may send free-form messages'),
  f('starter-no-shared-number', 'TIER-STARTER-SHARED-NUMBER', 'a Starter send-template without `from` answers 400'),
  f('no-idempotent-replay', 'IDEM-NO-DUPLICATE', 'Idempotency-Key is ignored: every retry creates a new message'),
  f('replay-new-id', 'IDEM-REPLAY', 'a replay answers the first body with a fresh id'),
  f('different-body-replayed', 'IDEM-BODY-MISMATCH-422', 'same key with a different body replays the first response instead of 422'),
  f('idempotency-not-scoped', 'IDEM-SCOPED-PER-KEY', 'Idempotency-Keys are shared between API keys'),
  f('accepts-empty-events', 'WH-EVENTS-MIN', 'a webhook with events [] is accepted'),
  f('accepts-http-url', 'WH-URL-HTTPS', 'a webhook URL with http:// is accepted'),
  f('accepts-private-address', 'WH-URL-PRIVATE', 'a webhook URL resolving to a private or loopback address is accepted'),
  f('accepts-ipv4-mapped-loopback', 'WH-URL-PRIVATE', 'a webhook URL at an IPv4-mapped IPv6 address such as [::ffff:127.0.0.1] is accepted'),
  f('accepts-userinfo', 'WH-URL-USERINFO', 'a webhook URL with user:password@ is accepted'),
  f('list-leaks-secret', 'WH-LIST-NO-SECRET', 'GET /v1/webhooks includes signing_secret'),
  f('webhooks-list-wrapped', 'WH-LIST-BARE-ARRAY', 'GET /v1/webhooks answers {data: [...]} instead of a bare array'),
  f('secret-in-update-response', 'WH-UPDATE-NO-SECRET', 'PUT /v1/webhooks/{id} returns signing_secret'),
  f('no-secret-warning', 'WH-SECRET-WARNING', 'create and rotate omit signing_secret_warning'),
  f('update-partial-accepted', 'WH-UPDATE-BOTH-REQUIRED', 'PUT /v1/webhooks/{id} accepts a body with only one of url and events'),
  f('delete-returns-body', 'WH-DELETE-NO-BODY', 'DELETE /v1/webhooks/{id} answers 200 with a JSON body'),
  f('unknown-webhook-500', 'WH-UNKNOWN-404', 'operations on an unknown webhook id answer 500'),
  f('rotate-same-secret', 'WH-ROTATE-NEW-SECRET', 'rotate-secret returns the secret the webhook already had'),
  f('test-500-on-failure', 'WH-TEST-COMPLETES-ON-FAILURE', 'POST /v1/webhooks/{id}/test answers 502 when the attempt fails'),
  f('deliveries-wrapped', 'DLV-BARE-ARRAY', 'GET deliveries answers {data, pagination} instead of a bare array'),
  f('response-body-not-truncated', 'DLV-RESPONSE-BODY-MAX', 'delivery records keep the whole response body'),
  f('status-code-zero', 'DLV-STATUS-CODE-NULL', 'a network failure is recorded with status_code 0 instead of null'),
  f('test-flag-missing', 'DLV-TEST-FLAG', 'test deliveries are recorded without test: true'),
  f('deliveries-limit-unbounded', 'DLV-LIMIT-MAX', 'GET deliveries accepts limit=101'),
  f('retries-not-recorded', 'DLV-EACH-ATTEMPT-RECORDED', 'only the last attempt of a retried delivery is recorded'),
  f('event-without-subscription', 'EVT-SUBSCRIBED-ONLY', 'events are sent to webhooks not subscribed to them'),
  f('delivered-before-sent', 'EVT-LIFECYCLE-ORDER', 'message.delivered is sent before message.sent'),
  f('no-event-on-failure', 'EVT-FAILED-REASON', 'no message.failed event is sent when a message fails'),
  f('missing-failure-reason', 'EVT-FAILED-REASON', 'message.failed payloads lack failure_reason'),
  f('no-retry', 'EVT-RETRY', 'failed deliveries are not retried'),
  f('payload-not-wrapped', 'EVT-PAYLOAD-SHAPE', 'payloads are the bare data object instead of {event, data}'),
  f('no-status-updated-event', 'EVT-STATUS-UPDATED', 'no message.status.updated events are sent'),
  f('signature-over-reserialized-json', 'SIG-RAW-BODY', 'the body is sent pretty-printed but signed as compact JSON'),
  f('signature-base64', 'SIG-HMAC-SHA256', 'v1 carries the HMAC in base64 instead of hex'),
  f('timestamp-not-signed', 'SIG-TIMESTAMP', 'the HMAC covers the body only, not "<t>.<body>"'),
  f('signed-with-old-secret', 'SIG-CURRENT-SECRET', 'after rotate-secret, deliveries are still signed with the old secret'),
  f('no-signature-header', 'SIG-HEADER-PRESENT', 'deliveries carry no Service-Signature header'),
  f('any-key-in-production', 'AUTH-UNKNOWN-401', 'production mode accepts unknown API keys'),
  f('missing-key-accepted', 'AUTH-MISSING-401', 'production mode accepts requests without x-api-key'),
  f('never-429', 'RATE-LIMIT-100', 'the rate limit is never enforced'),
  f('429-without-retry-after', 'RATE-RETRY-AFTER', '429 answers carry no Retry-After header'),
  f('bad-json-200', 'ERR-VALIDATION-4XX', 'a body that is not JSON is answered 200 instead of 400'),
  f('bad-json-500', 'ERR-NO-5XX', 'a body that is not JSON is answered 500'),
  f('error-body-plain-text', 'ERR-BODY-SHAPE', 'errors are plain text instead of the JSON error body'),
  f('user-me-missing-workspace', 'USER-ME-SHAPE', 'GET /v1/user/me lacks workspace_id'),
  f('simulator-rate-limited', 'SIM-NO-RATE-LIMIT', 'simulator mode enforces 100 requests per minute per key'),
  f('simulator-webhook-url-ignored', 'SIM-WEBHOOK-URL', 'simulator mode does not send events to the configured webhook URL'),
] as const satisfies readonly Fault[];

/** A fault id of the catalogue. */
export type FaultId = (typeof faultCatalogue)[number]['id'];
