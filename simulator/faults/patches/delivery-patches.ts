import { randomUUID } from 'node:crypto';
import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { EventKind, StoredWebhook } from '../../types.js';
import { uuidFrom } from '../../webhooks/dispatcher.js';
import type { Patches } from './patch.js';
import { createdViews, deletedWebhooks } from './webhook-history.js';

/** An event's webhooks chosen otherwise: `pick` gets the event and the webhooks the service picked. */
function picked(pick: (event: EventKind, subscribed: StoredWebhook[], ref: ReferenceContext) => StoredWebhook[]) {
  return (ref: ReferenceContext) => around(ref.dispatcher, 'subscribers', (next, event) => pick(event, next(event), ref));
}

/** An event's payload (`{event, data}`) rewritten by `edit`. */
function payloads(edit: (payload: Record<string, unknown>, event: EventKind, data: Record<string, unknown>) => Record<string, unknown>) {
  return ({ dispatcher }: ReferenceContext) => around(dispatcher, 'payload', (next, event, data) => edit(next(event, data), event, data));
}

/** The faults of event deliveries (DESIGN §4): who gets an event, its payload, its delivery id, its retries, its POST. */
export const deliveryPatches: Patches = {
  // a soft-deleted webhook still gets its events, retries included
  'deliveries-after-delete': (ref) => {
    const deleted = deletedWebhooks(ref);
    picked((event, subscribed) => [...subscribed, ...[...deleted.values()].filter((w) => (w.events as string[]).includes(event))])(ref);
    around(ref.dispatcher, 'owed', () => true);
  },
  // events go by the events given at create, not those in force
  'put-events-not-applied': (ref) => {
    const created = createdViews(ref);
    picked((event, _, { store }) => store.listWebhooks().filter((w) => ((created.get(w.id)?.events ?? w.events) as string[]).includes(event)))(ref);
  },
  'event-without-subscription': picked((_, __, { store }) => store.listWebhooks()),
  // the one URL stands in only while no webhook is registered
  'simulator-url-when-no-webhooks': ({ dispatcher, store }) => around(dispatcher, 'simulatorUrl', (next) => (store.webhooks.size === 0 ? next() : undefined)),
  'simulator-webhook-url-ignored': ({ dispatcher }) => around(dispatcher, 'simulatorUrl', () => undefined),
  // the test send follows the url given at create, not the one in force
  'test-to-created-url': (ref) => {
    const created = createdViews(ref);
    around(ref.dispatcher, 'test', (next, webhook) => next({ ...webhook, url: created.get(webhook.id)?.url ?? webhook.url }));
  },
  'put-url-not-applied': (ref) => {
    const created = createdViews(ref);
    around(ref.dispatcher, 'destination', (next, webhook) => ({ ...next(webhook), url: created.get(webhook.id)?.url ?? webhook.url }));
  },
  'test-not-sent': ({ dispatcher }) =>
    around(dispatcher, 'send', (next, attempt, presigned) => (attempt.test ? Promise.resolve({ statusCode: 200, body: '' }) : next(attempt, presigned))),
  'status-updated-event-renamed': payloads((payload, event) =>
    event === 'message.status.updated' ? { ...payload, event: 'message.status.changed' } : payload,
  ),
  // message.failed repeats id and failure_reason beside event (a flattened payload)
  'fields-beside-event': payloads((payload, event, data) =>
    event === 'message.failed' ? { ...payload, id: data.id, failure_reason: data.failure_reason } : payload,
  ),
  'payload-not-wrapped': payloads((_, __, data) => data),
  'payload-crlf-to-lf': ({ dispatcher }) =>
    around(dispatcher, 'payload', (next, event, data) =>
      next(event, typeof data.message === 'string' ? { ...data, message: data.message.replace(/\r\n/g, '\n') } : data),
    ),
  'delivered-id-renamed': ({ dispatcher }) =>
    around(dispatcher, 'payload', (next, event, data) => {
      if (event !== 'message.delivered') return next(event, data);
      const { id, ...rest } = data;
      return next(event, { message_id: id, ...rest });
    }),
  // the body sent is re-serialised (indented) after the compact one was signed
  'signature-over-reserialized-json': ({ dispatcher }) =>
    around(dispatcher, 'post', (next, request) =>
      next({ ...request, body: Buffer.from(JSON.stringify(JSON.parse(request.body.toString('utf8')), null, 2), 'utf8') }),
    ),
  'deliveries-text-plain': ({ dispatcher }) =>
    around(dispatcher, 'post', (next, request) => next({ ...request, headers: { ...request.headers, 'content-type': 'text/plain' } })),
  // the id is derived from the webhook alone: every delivery to it carries the same one
  'delivery-id-per-webhook': ({ dispatcher }) => around(dispatcher, 'deliveryId', (_, dest) => uuidFrom(dest.key)),
  'delivery-id-per-message': ({ dispatcher }) =>
    around(dispatcher, 'deliveryId', (_, dest, body) =>
      uuidFrom(`${dest.key}/${String((JSON.parse(body.toString('utf8')) as { data?: { id?: unknown } }).data?.id)}`),
    ),
  'retry-new-delivery-id': ({ dispatcher }) =>
    around(dispatcher, 'send', (next, attempt, presigned) => next(attempt.n > 1 ? { ...attempt, deliveryId: randomUUID() } : attempt, presigned)),
  // only the first attempt looks whether the webhook was deleted meanwhile
  'retry-after-delete': ({ dispatcher }) => around(dispatcher, 'owed', (next, dest, n) => n > 1 || next(dest, n)),
  'success-200-retried': ({ dispatcher }) => around(dispatcher, 'delivered', (next, result) => result.statusCode !== 200 && next(result)),
  'only-200-success': ({ dispatcher }) => around(dispatcher, 'delivered', (next, result) => result.statusCode === 200 && next(result)),
  'no-retry': ({ dispatcher }) => around(dispatcher, 'retryDelay', () => null),
  // DESIGN §4: no redirects are followed; the fault follows one hop (a URL the rules never saw)
  'redirects-followed': ({ dispatcher }) =>
    around(dispatcher, 'send', async (next, attempt, presigned) => {
      const result = await next(attempt, presigned);
      const redirect = result.statusCode !== null && result.statusCode >= 300 && result.statusCode < 400 ? result.location : undefined;
      if (redirect === undefined) return result;
      return await next({ ...attempt, dest: { ...attempt.dest, url: new URL(redirect, attempt.dest.url).href, webhookId: null } });
    }),
};
