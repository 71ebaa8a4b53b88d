import { randomBytes, randomUUID } from 'node:crypto';
import type { ReferenceContext } from '../context.js';
import type { RequestContext, Router } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { jsonBody } from '../http/json-body.js';
import { ApiError, notFound } from '../errors.js';
import type { StoredWebhook, Webhook } from '../types.js';
import { intParam } from '../validation/fields.js';
import { checkWebhookInput } from '../validation/webhook-input.js';

/** The reminder shown next to a signing secret (spec §2.3 signing_secret_warning). */
export const SIGNING_SECRET_WARNING = 'Store this signing secret now: it is shown only once and cannot be retrieved again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new signing secret: `whsec_` + 64 hex digits (DESIGN §4). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** Registers the seven webhook operations (spec §4.2). */
export function addWebhookRoutes(router: Router, ref: ReferenceContext): void {
  router
    .add('GET', '/v1/webhooks', () => list(ref))
    .add('POST', '/v1/webhooks', (req) => create(ref, req))
    .add('PUT', '/v1/webhooks/{id}', (req) => update(ref, req))
    .add('DELETE', '/v1/webhooks/{id}', (req) => remove(ref, req))
    .add('POST', '/v1/webhooks/{id}/rotate-secret', (req) => rotate(ref, req))
    .add('POST', '/v1/webhooks/{id}/test', (req) => test(ref, req))
    .add('GET', '/v1/webhooks/{id}/deliveries', (req) => deliveries(ref, req));
}

function present(w: StoredWebhook): Webhook {
  return { id: w.id, workspace_id: w.workspace_id, url: w.url, events: [...w.events], created_at: w.created_at, updated_at: w.updated_at };
}

/** create and rotate are the only answers with the secret (spec §4.2: returned exactly once). */
function withSecret(ref: ReferenceContext, w: StoredWebhook): Record<string, unknown> {
  const out: Record<string, unknown> = { ...present(w), signing_secret: w.signing_secret };
  if (!ref.faults.has('no-secret-warning')) out.signing_secret_warning = SIGNING_SECRET_WARNING;
  return out;
}

/** Finds a webhook; a malformed uuid is 404 like an unknown one (DESIGN §4 allows 400 or 404). */
function find(ref: ReferenceContext, req: RequestContext): StoredWebhook {
  const id = req.params.id ?? '';
  const webhook = UUID.test(id) ? ref.store.webhooks.get(id.toLowerCase()) : undefined;
  if (webhook) return webhook;
  if (ref.faults.has('unknown-webhook-500')) throw new ApiError(500, 'internal_error', 'internal error');
  throw notFound(`webhook ${id} does not exist`);
}

function list(ref: ReferenceContext): Reply {
  const leak = ref.faults.has('list-leaks-secret');
  const items = ref.store.listWebhooks().map((w) => (leak ? { ...present(w), signing_secret: w.signing_secret } : present(w)));
  return jsonReply(200, ref.faults.has('webhooks-list-wrapped') ? { data: items } : items);
}

function create(ref: ReferenceContext, req: RequestContext): Reply {
  const input = checkWebhookInput(jsonBody(ref, req.raw), ref.options.hosts, ref.faults);
  const now = new Date(ref.options.clock()).toISOString();
  const webhook: StoredWebhook = {
    id: randomUUID(),
    workspace_id: ref.workspaceId,
    ...input,
    created_at: now,
    updated_at: now,
    signing_secret: newSigningSecret(),
    seq: ref.store.nextSeq(),
  };
  ref.store.webhooks.set(webhook.id, webhook);
  return jsonReply(201, withSecret(ref, webhook));
}

function update(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = find(ref, req);
  const input = checkWebhookInput(jsonBody(ref, req.raw), ref.options.hosts, ref.faults, webhook);
  Object.assign(webhook, input, { updated_at: new Date(ref.options.clock()).toISOString() });
  return jsonReply(200, ref.faults.has('secret-in-update-response') ? withSecret(ref, webhook) : present(webhook));
}

function remove(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = find(ref, req);
  ref.store.webhooks.delete(webhook.id);
  ref.store.deliveries.delete(webhook.id);
  if (ref.faults.has('delete-returns-body')) return jsonReply(200, { success: true, id: webhook.id });
  return { status: 204 };
}

function rotate(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = find(ref, req);
  // spec §4.2 rotate-secret: the old secret stops signing at once
  if (!ref.faults.has('rotate-same-secret')) {
    webhook.previous_secret = webhook.signing_secret;
    webhook.signing_secret = newSigningSecret();
  }
  webhook.updated_at = new Date(ref.options.clock()).toISOString();
  return jsonReply(200, withSecret(ref, webhook));
}

async function test(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  const webhook = find(ref, req);
  const delivery = await ref.dispatcher.test(webhook);
  const code = delivery.status_code;
  const success = code !== null && code >= 200 && code < 300;
  const message = success ? `test delivery answered HTTP ${code}` : code ? `test delivery failed with HTTP ${code}` : 'test delivery failed: no HTTP answer';
  const status = !success && ref.faults.has('test-500-on-failure') ? 502 : 200;
  return jsonReply(status, { success, status_code: code, message, delivery });
}

function deliveries(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = find(ref, req);
  const page = intParam(req.query, 'page', { min: 1, fallback: 1 });
  const max = ref.faults.has('deliveries-limit-unbounded') ? undefined : 100;
  const limit = intParam(req.query, 'limit', { min: 1, max, fallback: 50 });
  const all = ref.store.listDeliveries(webhook.id);
  const data = all.slice((page - 1) * limit, page * limit);
  if (ref.faults.has('deliveries-wrapped')) {
    return jsonReply(200, { data, pagination: { page, limit, total: all.length, has_more: page * limit < all.length } });
  }
  return jsonReply(200, data);
}
