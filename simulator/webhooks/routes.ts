import type { ReferenceContext } from '../context.js';
import type { Operations } from '../http/api-routes.js';
import type { RequestContext } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { checkWebhookInput } from '../validation/webhook-input.js';
import { stamp } from '../variations.js';

/** The seven webhook operations (spec §4.2). */
export function webhookOperations(
  ref: ReferenceContext,
): Pick<Operations, 'listWebhooks' | 'createWebhook' | 'updateWebhook' | 'deleteWebhook' | 'rotateWebhookSecret' | 'testWebhook' | 'listWebhookDeliveries'> {
  const { webhooks } = ref;
  return {
    listWebhooks: () =>
      jsonReply(
        200,
        ref.store.listWebhooks().map((w) => webhooks.present(w)),
      ),
    createWebhook: (req) => jsonReply(201, webhooks.withSecret(webhooks.register(checkWebhookInput(ref.api.readJson(req.raw), ref.options.hosts, ref.faults)))),
    updateWebhook: (req) => update(ref, req),
    deleteWebhook: (req) => {
      webhooks.discard(webhooks.find(req.params.id ?? ''));
      return { status: 204 };
    },
    rotateWebhookSecret: (req) => rotate(ref, req),
    testWebhook: (req) => test(ref, req),
    listWebhookDeliveries: (req) => deliveries(ref, req),
  };
}

function update(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = ref.webhooks.find(req.params.id ?? '');
  const input = checkWebhookInput(ref.api.readJson(req.raw), ref.options.hosts, ref.faults, webhook);
  Object.assign(webhook, input, { updated_at: ref.webhooks.updateStamp(webhook) });
  return jsonReply(200, ref.webhooks.present(webhook));
}

function rotate(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = ref.webhooks.find(req.params.id ?? '');
  ref.webhooks.rotateSecret(webhook);
  // variation rotate-keeps-updated-at: a rotation is not an update of the webhook's settings (spec §4.2 is silent)
  if (!ref.options.variations.has('rotate-keeps-updated-at')) webhook.updated_at = stamp(ref.options.variations, ref.options.clock());
  return jsonReply(200, ref.webhooks.withSecret(webhook));
}

/** The test answer's outcome for the status a test attempt got (null: no HTTP answer). */
export function testOutcome(code: number | null): { success: boolean; status_code: number | null; message: string } {
  const success = code !== null && code >= 200 && code < 300;
  const message = success ? `test delivery answered HTTP ${code}` : code ? `test delivery failed with HTTP ${code}` : 'test delivery failed: no HTTP answer';
  return { success, status_code: code, message };
}

async function test(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  const delivery = await ref.dispatcher.test(ref.webhooks.find(req.params.id ?? ''));
  const extra = ref.options.variations.has('extra-fields') ? { attempted_at: delivery.delivered_at } : {};
  return jsonReply(200, { ...testOutcome(delivery.status_code), delivery, ...extra });
}

/** The page of a webhook's delivery log a request asks for (spec §4.2: page, limit). */
export function deliveryPageOf(ref: ReferenceContext, query: URLSearchParams): { page: number; limit: number } {
  const { page, limit } = ref.webhooks.deliveryPaging;
  return { page: ref.webhooks.intParam(query, 'page', page), limit: ref.webhooks.intParam(query, 'limit', limit) };
}

function deliveries(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = ref.webhooks.find(req.params.id ?? '');
  const { page, limit } = deliveryPageOf(ref, req.query);
  return jsonReply(200, ref.webhooks.page(ref.webhooks.log(webhook.id), page, limit));
}
