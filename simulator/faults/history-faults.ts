import { fault } from './fault-entry.js';
import type { Fault } from './fault-entry.js';

/**
 * Faults of issue 23's history rules: each answer looks right on its own, and only two exchanges of the run (or an
 * exchange and a delivery) contradict each other: a write the reads do not show, a delete or PUT the dispatcher does
 * not follow, a secret that changes or stays where it should not, a list that disagrees with GET or with itself.
 */
export const historyFaults = [
  fault('update-not-stored', 'WH-UPDATE-RESPONSE', 'PUT /v1/webhooks/{id} answers the updated webhook but stores nothing'),
  fault('list-stale-after-update', 'WH-UPDATE-RESPONSE', 'GET /v1/webhooks shows a webhook as it was before its last PUT for 2 s after it'),
  fault('list-lags-new-webhooks', 'WH-LIST-CONTAINS-CREATED', 'GET /v1/webhooks shows a new webhook only 2 s after it was created'),
  fault('updated-at-frozen', 'WH-UPDATED-AT-CHANGES', 'PUT /v1/webhooks/{id} leaves updated_at as create set it'),
  fault('update-regenerates-secret', 'WH-UPDATE-KEEPS-SECRET', 'PUT /v1/webhooks/{id} gives the webhook a new signing secret, which no answer shows'),
  fault('events-keep-old-secret', 'SIG-CURRENT-SECRET', 'after rotate-secret, message events (not test sends) are still signed with the secret from create'),
  fault('retry-signature-reused', 'SIG-RETRY-RESIGNED', 'a retry carries the signature headers of the first attempt instead of being signed anew'),
  fault('deleted-webhook-updatable', 'WH-UNKNOWN-4XX', 'a deleted webhook is gone from the list, but PUT and rotate-secret of it still answer 200'),
  fault('deleted-webhook-410', 'WH-UNKNOWN-404', 'calls on a deleted webhook id answer 410 Gone instead of 404'),
  fault('deliveries-after-delete', 'WH-DELETE-STOPS-DELIVERIES', 'the dispatcher keeps delivering to deleted webhooks'),
  fault('put-url-not-applied', 'WH-UPDATE-URL-APPLIES', 'deliveries keep going to the url a webhook was created with, whatever a PUT set'),
  fault('put-events-not-applied', 'EVT-SUBSCRIBED-ONLY', 'deliveries follow the events a webhook was created with, whatever a PUT set'),
  fault('list-created-at-now', 'MSG-VIEWS-AGREE', 'GET /v1/messages shows each message with created_at the time of the listing'),
  fault('list-cuts-message', 'MSG-LIST-ECHO', 'GET /v1/messages shows each message text cut to its first 20 characters (a preview column)'),
  fault('webhooks-list-created-at-now', 'WH-CREATED-AT-FIXED', 'GET /v1/webhooks shows each webhook with created_at the time of the listing'),
  fault(
    'webhooks-list-updated-at-created',
    'WH-UPDATED-AT-LISTED',
    'GET /v1/webhooks shows each webhook with its created_at as updated_at (PUT and rotate answers show the right one)',
  ),
  fault('list-status-stale', 'MSG-LIFECYCLE', 'GET /v1/messages shows each message with the status it was created with'),
  fault('get-status-flaps', 'MSG-LIFECYCLE', 'GET /v1/messages/{id} shows a delivered message as sent on every second read'),
  fault('status-filter-after-paging', 'MSG-LIST-FILTER-STATUS', 'GET /v1/messages applies the status filter to each page after cutting it'),
  fault('outbound-filter-skips-templates', 'MSG-LIST-FILTER-DIRECTION', 'direction=outbound leaves out the messages sent from a template'),
  fault('filtered-total-unfiltered', 'PAGE-TOTAL-CONSISTENT', 'under a filter, pagination.total and has_more count every message, not the matching ones'),
  fault('has-more-on-every-page', 'PAGE-TOTAL-CONSISTENT', 'pagination.has_more is true on every page that holds items, the last one too'),
  fault(
    'has-more-when-full',
    'PAGE-TOTAL-CONSISTENT',
    'pagination.has_more is true on every full page (data.length === limit), the last one too when it ends exactly at the end',
  ),
  fault('retry-new-delivery-id', 'SIG-DELIVERY-ID-STABLE', 'each retry carries a new Service-Delivery-Id'),
  fault('duplicate-delivered-event', 'EVT-ONCE-PER-TRANSITION', 'message.delivered is delivered twice, each time with its own delivery id'),
  fault('only-200-success', 'EVT-2XX-SUCCESS', 'only a 200 answer ends a delivery: 201-299 are retried'),
  fault('network-failures-not-recorded', 'DLV-EACH-ATTEMPT-RECORDED', 'attempts that failed at the network level leave no delivery record'),
  fault('network-failure-recorded-502', 'DLV-STATUS-CODE-NULL', 'an attempt that failed at the network level is recorded with status_code 502'),
  fault('test-to-created-url', 'WH-TEST-SENDS-PAYLOAD', 'POST /v1/webhooks/{id}/test sends to the url the webhook was created with, also after a PUT moved it'),
  fault(
    'deliveries-keyed-by-url',
    'DLV-EACH-ATTEMPT-RECORDED',
    'the delivery log is kept per url: after a PUT moves a webhook, its records of attempts at the old url are gone',
  ),
  fault('delete-by-events', 'WH-FOUND-UNTIL-DELETED', 'DELETE /v1/webhooks/{id} removes every webhook subscribed to the same events as the named one'),
  fault('deliveries-oldest-first', 'DLV-ORDER', 'GET /v1/webhooks/{id}/deliveries lists the records oldest first'),
  fault(
    'freeform-idempotency-not-scoped',
    'IDEM-SCOPED-PER-KEY',
    'POST /v1/messages shares Idempotency-Keys between API keys (send-template keeps them apart)',
  ),
  fault(
    'delete-removes-oldest',
    'WH-DELETE-REMOVES',
    'DELETE /v1/webhooks/{id} answers 204 but removes the oldest webhook of the workspace, not the one named',
  ),
  fault(
    'delivery-id-per-webhook',
    'SIG-DELIVERY-ID-DISTINCT',
    'every delivery to one webhook carries the same Service-Delivery-Id (made from the webhook, not the delivery)',
  ),
  fault('workspace-per-webhook', 'WH-WORKSPACE-OF-KEY', "each webhook is given a workspace_id of its own, not the caller's workspace"),
  fault('rotate-answer-not-stored', 'SIG-CURRENT-SECRET', 'rotate-secret answers one new secret but stores another: deliveries verify with neither'),
  fault('template-list-text-empty', 'MSG-VIEWS-AGREE', "GET /v1/messages shows a template message's text as empty (the send answer and GET show it)"),
  fault('platform-id-per-read', 'MSG-VIEWS-AGREE', 'platform_message_id is made anew on every read (an unstored lookup) instead of kept once assigned'),
  fault('created-at-local-as-z', 'MSG-CREATED-AT-NOW', "a new message's created_at is the server's local time (UTC+2) written with a Z: two hours ahead"),
  fault('updated-at-local-as-z', 'WH-STAMPED-NOW', "PUT /v1/webhooks/{id} stamps updated_at with the server's local time (UTC-5) written with a Z"),
  fault(
    'delivered-at-webhook-created',
    'DLV-DELIVERED-AT-ATTEMPT',
    "delivery records carry the webhook's created_at as delivered_at (a default copied from the parent row)",
  ),
  fault('test-keeps-old-secret', 'SIG-CURRENT-SECRET', 'after rotate-secret, test sends are still signed with the secret before the rotation'),
  fault('retry-after-delete', 'WH-DELETE-STOPS-DELIVERIES', 'retries already owed to a webhook keep coming after it is deleted (new events stop)'),
  fault(
    'delivery-id-per-message',
    'SIG-DELIVERY-ID-DISTINCT',
    'Service-Delivery-Id is made from the webhook and the message: every event of one message carries one id',
  ),
  fault('delivery-touches-updated-at', 'WH-UPDATED-AT-LISTED', "each delivery attempt sets the webhook's updated_at (a last-delivery column reused)"),
  fault('get-lags-events', 'MSG-LIFECYCLE', 'GET /v1/messages/{id} shows a status change 1 s after the events reporting it went out (a lagging replica)'),
  fault(
    'status-filter-index-lags',
    'MSG-LIST-FILTER-STATUS',
    'a status filter leaves out every message whose status changed in the last 2 s (its index entry moves late)',
  ),
  fault(
    'rotate-answers-created-view',
    'WH-ROTATE-SHOWS-CURRENT',
    'rotate-secret answers the webhook with the url and events it was created with, not those a PUT set',
  ),
] as const satisfies readonly Fault[];
