import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { DeliveryRecord, EventKind } from '../../types.js';
import type { Attempt } from '../../webhooks/dispatcher.js';
import type { PostResult } from '../../webhooks/http-post.js';
import type { Patches } from './patch.js';

/** Each attempt's record changed by `edit` before it is kept (its fields, spec §2.4). */
function recorded(edit: (record: DeliveryRecord, attempt: Attempt, result: PostResult, ref: ReferenceContext) => void) {
  return (ref: ReferenceContext) =>
    around(ref.dispatcher, 'recordOf', (next, attempt, result) => {
      const record = next(attempt, result);
      edit(record, attempt, result, ref);
      return record;
    });
}

/** Some attempts' records are not kept: those `dropped` names. */
function unkept(dropped: (attempt: Attempt, record: DeliveryRecord) => boolean) {
  return ({ dispatcher }: ReferenceContext) =>
    around(dispatcher, 'keep', (next, attempt, record) => (dropped(attempt, record) ? undefined : next(attempt, record)));
}

/** The faults of delivery records (spec §2.4): their fields, and which attempts are recorded. */
export const recordPatches: Patches = {
  'response-body-not-truncated': recorded((record, _, result) => void (record.response_body = result.body)),
  'status-code-200-when-answered': recorded((record, _, result) => void (record.status_code = result.statusCode === null ? null : 200)),
  'status-code-zero': recorded((record) => void (record.status_code ??= 0)),
  'network-failure-recorded-502': recorded((record) => void (record.status_code ??= 502)),
  'test-record-event-renamed': recorded((record, attempt) => {
    if (attempt.test) record.event = 'webhook.test' as EventKind;
  }),
  // the record's stamp defaults to the webhook's created_at
  'delivered-at-webhook-created': recorded((record, attempt, _, { store }) => {
    const webhook = attempt.dest.webhookId === null ? undefined : store.webhooks.get(attempt.dest.webhookId);
    if (webhook !== undefined) record.delivered_at = webhook.created_at;
  }),
  'test-flag-missing': recorded((record, attempt) => {
    if (attempt.test) delete (record as Partial<DeliveryRecord>).test;
  }),
  'delivered-at-renamed': recorded((record) => {
    Object.assign(record, { created_at: record.delivered_at });
    delete (record as Partial<DeliveryRecord>).delivered_at;
  }),
  // every attempt of a delivery is recorded under the delivery's id
  'retry-records-share-id': recorded((record, attempt) => {
    if (!attempt.test) record.id = attempt.deliveryId;
  }),
  'test-not-recorded': unkept((attempt) => attempt.test),
  'network-failures-not-recorded': unkept((attempt, record) => !attempt.test && record.status_code === null),
  // only a delivery's last attempt is recorded: one the service will retry is not
  'retries-not-recorded': (ref) => {
    const retried = new WeakSet<Attempt>();
    around(ref.dispatcher, 'retryDelay', (next, attempt) => {
      const wait = next(attempt);
      if (wait !== null) retried.add(attempt);
      return wait;
    });
    unkept((attempt) => retried.has(attempt))(ref);
  },
  // the last-delivery stamp is written into updated_at
  'delivery-touches-updated-at': ({ dispatcher, store }) =>
    around(dispatcher, 'keep', (next, attempt, record) => {
      next(attempt, record);
      const webhook = attempt.dest.webhookId === null ? undefined : store.webhooks.get(attempt.dest.webhookId);
      if (webhook !== undefined) webhook.updated_at = record.delivered_at;
    }),
};
