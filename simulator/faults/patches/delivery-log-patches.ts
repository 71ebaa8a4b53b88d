import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { jsonReply } from '../../http/reply.js';
import { lenientIntParam } from '../../validation/fields.js';
import type { DeliveryRecord } from '../../types.js';
import { deliveryPageOf } from '../../webhooks/routes.js';
import type { IntBounds } from '../../webhooks/webhook-service.js';
import { succeeded } from './answers.js';
import type { Patches } from './patch.js';
import { namedWebhook } from './webhook-history.js';

/** The deliveries list's paging rules changed by `edit` (the service's seam, docs/decisions/0033). */
function paged(edit: (paging: { page: IntBounds; limit: IntBounds }) => void) {
  return ({ webhooks }: ReferenceContext) => edit(webhooks.deliveryPaging);
}

/** A webhook's delivery log read otherwise: `edit` gets it newest first, as the service reads it. */
function logged(edit: (records: DeliveryRecord[], ref: ReferenceContext, webhookId: string) => DeliveryRecord[]) {
  return (ref: ReferenceContext) => around(ref.webhooks, 'log', (next, webhookId) => edit(next(webhookId), ref, webhookId));
}

/** The faults of GET /v1/webhooks/{id}/deliveries (spec §4.2): its parameters, its order, its pages, its shape. */
export const deliveryLogPatches: Patches = {
  // an unknown webhook's log is read as an empty one (the parameters still checked)
  'unknown-webhook-deliveries-empty': (ref) =>
    around(ref.operations, 'listWebhookDeliveries', (next, req) => {
      if (namedWebhook(ref, req) !== undefined) return next(req);
      deliveryPageOf(ref, req.query);
      return jsonReply(200, []);
    }),
  'deliveries-params-parse-int': ({ webhooks }) => around(webhooks, 'intParam', (_, query, name, bounds) => lenientIntParam(query, name, bounds)),
  'deliveries-page-0-accepted': paged(({ page }) => void (page.min = 0)),
  'deliveries-page-zero-based': paged(({ page }) => void (page.fallback = 0)),
  'deliveries-limit-unbounded': paged(({ limit }) => void delete limit.max),
  'deliveries-limit-0-accepted': paged(({ limit }) => void (limit.min = 0)),
  'deliveries-default-limit-20': paged(({ limit }) => void (limit.fallback = 20)),
  // the log is kept per url, so after a PUT it holds only the attempts at the new one
  'deliveries-keyed-by-url': (ref) => {
    const urls = new Map<string, string>();
    around(ref.dispatcher, 'keep', (next, attempt, record) => {
      urls.set(record.id, attempt.dest.url);
      next(attempt, record);
    });
    logged((records, { store }, webhookId) => {
      const url = store.webhooks.get(webhookId)?.url;
      return url === undefined ? records : records.filter((r) => urls.get(r.id) === url);
    })(ref);
  },
  'record-webhook-id-is-workspace': logged((records, { workspaceId }) => records.map((r) => ({ ...r, webhook_id: workspaceId }))),
  'deliveries-oldest-first': logged((records) => records.reverse()),
  'deliveries-limit-off-by-one': ({ webhooks }) =>
    around(webhooks, 'page', (_, all, page, limit) => all.slice(Math.max(0, (page - 1) * limit), page * limit + 1)),
  // an offset past the log is clamped to the start of its last page
  'deliveries-page-clamped': ({ webhooks }) =>
    around(webhooks, 'page', (next, all, page, limit) => {
      if ((page - 1) * limit < all.length || all.length === 0) return next(all, page, limit);
      const from = Math.floor((all.length - 1) / limit) * limit;
      return all.slice(from, from + limit);
    }),
  // page 2 and later start one record late (an off-by-one offset), so one record between pages is never listed
  'deliveries-pages-skip-one': ({ webhooks }) =>
    around(webhooks, 'page', (next, all, page, limit) => (page > 1 ? all.slice((page - 1) * limit + 1, page * limit) : next(all, page, limit))),
  'deliveries-wrapped': (ref) =>
    around(ref.operations, 'listWebhookDeliveries', async (next, req) => {
      const reply = await next(req);
      if (!succeeded(reply)) return reply;
      const { page, limit } = deliveryPageOf(ref, req.query);
      const total = ref.webhooks.log(ref.webhooks.find(req.params.id ?? '').id).length;
      return jsonReply(200, { data: JSON.parse(reply.json ?? '[]') as unknown, pagination: { page, limit, total, has_more: page * limit < total } });
    }),
};
