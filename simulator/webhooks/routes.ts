import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { lenientUuid } from '../validation/lenient-input.js';
import type { ReferenceContext } from '../context.js';
import type { Operations } from '../http/api-routes.js';
import type { RequestContext } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { ApiError, notFound } from '../errors.js';
import type { StoredWebhook, Webhook } from '../types.js';
import { intParam, lenientIntParam } from '../validation/fields.js';
import { checkWebhookInput } from '../validation/webhook-input.js';
import { stamp } from '../variations.js';

/** The reminder shown next to a signing secret (spec §2.3 signing_secret_warning). */
export const SIGNING_SECRET_WARNING = 'Store this signing secret now: it is shown only once and cannot be retrieved again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new signing secret: `whsec_` + 64 hex digits (DESIGN §4). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** The seven webhook operations (spec §4.2). */
export function webhookOperations(
  ref: ReferenceContext,
): Pick<Operations, 'listWebhooks' | 'createWebhook' | 'updateWebhook' | 'deleteWebhook' | 'rotateWebhookSecret' | 'testWebhook' | 'listWebhookDeliveries'> {
  return {
    listWebhooks: () => list(ref),
    createWebhook: (req) => create(ref, req),
    updateWebhook: (req) => update(ref, req),
    deleteWebhook: (req) => remove(ref, req),
    rotateWebhookSecret: (req) => rotate(ref, req),
    testWebhook: (req) => test(ref, req),
    listWebhookDeliveries: (req) => deliveries(ref, req),
  };
}

function present(ref: ReferenceContext, w: StoredWebhook): Webhook {
  // variation canonical-webhooks: the events as a sorted set, the url as WHATWG URL serialises it
  const canonical = ref.options.variations.has('canonical-webhooks');
  const events = canonical ? [...new Set(w.events)].sort() : [...w.events];
  const url = canonical ? new URL(w.url).href : w.url;
  const out: Webhook = { id: w.id, workspace_id: w.workspace_id, url, events, created_at: w.created_at, updated_at: w.updated_at };
  // extra-fields: last_delivery_at moves with every attempt while updated_at stays (a delivery writes nothing of the webhook)
  if (ref.options.variations.has('extra-fields')) Object.assign(out, { description: '', last_delivery_at: w.last_delivery_at ?? null });
  return presentationFaults(ref, out);
}

/** The webhook presentation bugs of the fault catalogue (field names, formats, an extra state field). */
function presentationFaults(ref: ReferenceContext, w: Webhook): Webhook {
  const out: Record<string, unknown> = { ...w };
  if (ref.faults.has('workspace-id-prefixed')) out.workspace_id = `ws_${w.workspace_id.replace(/-/g, '')}`;
  if (ref.faults.has('webhook-timestamp-no-zone')) {
    for (const field of ['created_at', 'updated_at'] as const) out[field] = w[field].replace('T', ' ').slice(0, 19);
  }
  if (ref.faults.has('webhook-updated-at-renamed')) {
    out.modified_at = out.updated_at;
    delete out.updated_at;
  }
  if (ref.faults.has('webhook-state-field')) out.status = 'active';
  return out as unknown as Webhook;
}

/** create and rotate are the only answers with the secret (spec §4.2: returned exactly once). */
function withSecret(ref: ReferenceContext, w: StoredWebhook): Record<string, unknown> {
  const out: Record<string, unknown> = { ...present(ref, w), signing_secret: w.signing_secret };
  if (!ref.faults.has('no-secret-warning')) out.signing_secret_warning = SIGNING_SECRET_WARNING;
  return out;
}

/**
 * Finds a webhook; a malformed uuid is 404 like an unknown one (DESIGN §4 allows 400 or 404). `write`: a PUT or a
 * rotation, which the deleted-webhook-updatable fault still lets reach a deleted webhook.
 */
function find(ref: ReferenceContext, req: RequestContext, write = false): StoredWebhook {
  const id = lenientUuid(req.params.id ?? '', ref.faults);
  const wellFormed = UUID.test(id) || ref.faults.has('webhook-id-not-uuid');
  const webhook = wellFormed ? ref.store.webhooks.get(id.toLowerCase()) : undefined;
  if (webhook) return webhook;
  const deleted = wellFormed ? ref.store.deletedWebhooks.get(id.toLowerCase()) : undefined;
  if (deleted && write && ref.faults.has('deleted-webhook-updatable')) return deleted;
  if (deleted && ref.faults.has('deleted-webhook-410')) throw new ApiError(410, 'gone', `webhook ${id} was deleted`);
  if (!wellFormed && ref.faults.has('malformed-webhook-id-422')) throw new ApiError(422, 'validation_error', `webhook id ${id} is not a UUID`);
  if (ref.faults.has('unknown-webhook-500')) throw new ApiError(500, 'internal_error', 'internal error');
  throw notFound(`webhook ${id} does not exist`);
}

function list(ref: ReferenceContext): Reply {
  const leak = ref.faults.has('list-leaks-secret');
  const now = ref.options.clock();
  // list-lags-new-webhooks: the list reads a copy that sees a webhook 2 s after its create
  const all = ref.store.listWebhooks().filter((w) => !ref.faults.has('list-lags-new-webhooks') || Date.parse(w.created_at) <= now - 2000);
  const shown = ref.faults.has('webhooks-list-capped-10') ? all.slice(0, 10) : all;
  const view = (w: StoredWebhook): Webhook => (w.stale !== undefined && w.stale.until > now ? w.stale.view : present(ref, w));
  const items = shown.map((w) => (leak ? { ...view(w), signing_secret: w.signing_secret } : view(w)));
  // webhooks-list-created-at-now: the list stamps created_at at read time
  if (ref.faults.has('webhooks-list-created-at-now')) for (const item of items) item.created_at = new Date(now).toISOString();
  // webhooks-list-updated-at-created: the list's query selects created_at for both columns
  if (ref.faults.has('webhooks-list-updated-at-created')) for (const item of items) item.updated_at = item.created_at;
  return jsonReply(200, ref.faults.has('webhooks-list-wrapped') ? { data: items } : items);
}

function create(ref: ReferenceContext, req: RequestContext): Reply {
  const input = checkWebhookInput(ref.api.readJson(req.raw), ref.options.hosts, ref.faults);
  const now = stamp(ref.options.variations, ref.options.clock());
  const webhook: StoredWebhook = {
    id: ref.faults.has('webhook-id-not-uuid') ? randomBytes(16).toString('hex') : randomUUID(),
    // fault workspace-per-webhook: each webhook gets a workspace of its own (a tenant column filled per row)
    workspace_id: ref.faults.has('workspace-per-webhook') ? randomUUID() : ref.workspaceId,
    ...input,
    created_at: now,
    updated_at: now,
    // the fault derives the secret from the workspace instead of drawing a fresh one
    signing_secret: ref.faults.has('shared-signing-secret') ? `whsec_${createHash('sha256').update(ref.workspaceId).digest('hex')}` : newSigningSecret(),
    seq: ref.store.nextSeq(),
  };
  webhook.created = { url: webhook.url, events: [...webhook.events], secret: webhook.signing_secret };
  ref.store.webhooks.set(webhook.id, webhook);
  const answer = withSecret(ref, webhook);
  if (ref.faults.has('create-events-renamed')) {
    answer.event_types = answer.events;
    delete answer.events;
  }
  return jsonReply(201, answer);
}

function update(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = find(ref, req, true);
  const before = present(ref, webhook);
  const input = checkWebhookInput(ref.api.readJson(req.raw), ref.options.hosts, ref.faults, webhook);
  const now = ref.options.clock();
  // fault updated-at-local-as-z: the PUT stamps the server's local time (UTC-5) written with a Z
  const local = ref.faults.has('updated-at-local-as-z') ? -5 * 3_600_000 : 0;
  const updatedAt = ref.faults.has('updated-at-frozen') ? webhook.updated_at : stamp(ref.options.variations, now + local);
  // update-not-stored answers as if the update were stored
  if (ref.faults.has('update-not-stored')) return jsonReply(200, present(ref, { ...webhook, ...input, updated_at: updatedAt }));
  if (ref.faults.has('list-stale-after-update')) webhook.stale = { view: before, until: now + 2000 };
  if (ref.faults.has('update-regenerates-secret')) webhook.signing_secret = newSigningSecret();
  Object.assign(webhook, input, { updated_at: updatedAt });
  if (ref.faults.has('update-response-stale')) return jsonReply(200, before);
  return jsonReply(200, ref.faults.has('secret-in-update-response') ? withSecret(ref, webhook) : present(ref, webhook));
}

function remove(ref: ReferenceContext, req: RequestContext): Reply {
  const named = find(ref, req);
  // fault delete-removes-oldest: the delete query lost its id condition (the first row of the workspace goes)
  const webhook = ref.faults.has('delete-removes-oldest') ? (ref.store.listWebhooks()[0] ?? named) : named;
  // fault delete-by-events: the delete is keyed on the events column, so every webhook with the same events goes too
  const sameEvents = (w: StoredWebhook): boolean => w === webhook || (ref.faults.has('delete-by-events') && w.events.join() === webhook.events.join());
  if (!ref.faults.has('delete-not-removed')) {
    for (const gone of ref.store.listWebhooks().filter(sameEvents)) {
      ref.store.webhooks.delete(gone.id);
      ref.store.deliveries.delete(gone.id);
      ref.store.deletedWebhooks.set(gone.id, gone);
    }
  }
  if (ref.faults.has('delete-returns-body')) return jsonReply(200, { success: true, id: webhook.id });
  return { status: 204 };
}

function rotate(ref: ReferenceContext, req: RequestContext): Reply {
  const webhook = find(ref, req, true);
  // spec §4.2 rotate-secret: the old secret stops signing at once
  if (!ref.faults.has('rotate-same-secret')) {
    webhook.previous_secret = webhook.signing_secret;
    webhook.signing_secret = newSigningSecret();
  }
  // variation rotate-keeps-updated-at: a rotation is not an update of the webhook's settings (spec §4.2 is silent)
  if (!ref.options.variations.has('rotate-keeps-updated-at')) webhook.updated_at = stamp(ref.options.variations, ref.options.clock());
  // fault rotate-secret-of-workspace: the update is keyed on the workspace, so every webhook of it gets the new secret
  if (ref.faults.has('rotate-secret-of-workspace'))
    for (const other of ref.store.listWebhooks())
      if (other !== webhook) Object.assign(other, { previous_secret: other.signing_secret, signing_secret: webhook.signing_secret });
  // rotate-answers-created-view: the answer is built from the row as created (url and events before any PUT)
  const viewed =
    ref.faults.has('rotate-answers-created-view') && webhook.created ? { ...webhook, url: webhook.created.url, events: webhook.created.events } : webhook;
  const answer = jsonReply(200, withSecret(ref, viewed));
  // fault rotate-answer-not-stored: the answer shows one new secret, a second write stores another
  if (ref.faults.has('rotate-answer-not-stored')) webhook.signing_secret = newSigningSecret();
  return answer;
}

async function test(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  const webhook = find(ref, req);
  const delivery = await ref.dispatcher.test(webhook);
  // fault test-answer-always-200: the answer is made before the attempt's outcome is read
  const code = ref.faults.has('test-answer-always-200') ? 200 : delivery.status_code;
  const success = code !== null && code >= 200 && code < 300;
  const message = success ? `test delivery answered HTTP ${code}` : code ? `test delivery failed with HTTP ${code}` : 'test delivery failed: no HTTP answer';
  const status = !success && ref.faults.has('test-500-on-failure') ? 502 : 200;
  const reported = ref.faults.has('test-status-code-string') && code !== null ? String(code) : code;
  const leak = ref.faults.has('test-response-leaks-secret') ? { webhook: withSecret(ref, webhook) } : {};
  const extra = ref.options.variations.has('extra-fields') ? { attempted_at: delivery.delivered_at } : {};
  return jsonReply(status, { success, status_code: reported, message, delivery, ...leak, ...extra });
}

function deliveries(ref: ReferenceContext, req: RequestContext): Reply {
  const known = ref.store.webhooks.has((req.params.id ?? '').toLowerCase());
  const webhookId = !known && ref.faults.has('unknown-webhook-deliveries-empty') ? (req.params.id ?? '') : find(ref, req).id;
  const int = ref.faults.has('deliveries-params-parse-int') ? lenientIntParam : intParam;
  const page = int(req.query, 'page', {
    min: ref.faults.has('deliveries-page-0-accepted') ? 0 : 1,
    fallback: ref.faults.has('deliveries-page-zero-based') ? 0 : 1,
  });
  const max = ref.faults.has('deliveries-limit-unbounded') ? undefined : 100;
  const limit = int(req.query, 'limit', {
    min: ref.faults.has('deliveries-limit-0-accepted') ? 0 : 1,
    max,
    fallback: ref.faults.has('deliveries-default-limit-20') ? 20 : 50,
  });
  // fault deliveries-keyed-by-url: the log is kept per url, so after a PUT it holds only the attempts at the new one
  const url = ref.faults.has('deliveries-keyed-by-url') ? ref.store.webhooks.get(webhookId)?.url : undefined;
  const kept =
    url === undefined ? ref.store.listDeliveries(webhookId) : ref.store.listDeliveries(webhookId).filter((r) => ref.store.recordUrls.get(r.id) === url);
  // variation delivered-at-send-time: attempts end in another order than they began; the log is newest first by its stamps
  if (ref.options.variations.has('delivered-at-send-time')) kept.sort((a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at));
  // variation records-by-second: newest second first, the records of one second by id (a key a database index gives)
  if (ref.options.variations.has('records-by-second'))
    kept.sort((a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const listed = kept.map((r) => (ref.faults.has('record-webhook-id-is-workspace') ? { ...r, webhook_id: ref.workspaceId } : r));
  const all = ref.faults.has('deliveries-oldest-first') ? listed.reverse() : listed;
  const extra = ref.faults.has('deliveries-limit-off-by-one') ? 1 : 0;
  // fault deliveries-page-clamped: an offset past the log is clamped to the start of its last page
  const clamped = ref.faults.has('deliveries-page-clamped') && (page - 1) * limit >= all.length && all.length > 0;
  // fault deliveries-pages-skip-one: page 2 and later start one record late (an off-by-one offset), so one record between pages is never listed
  const skip = page > 1 && ref.faults.has('deliveries-pages-skip-one') ? 1 : 0;
  const from = clamped ? Math.floor((all.length - 1) / limit) * limit : Math.max(0, (page - 1) * limit + skip);
  const data = all.slice(from, clamped ? from + limit + extra : page * limit + extra);
  if (ref.faults.has('deliveries-wrapped')) {
    return jsonReply(200, { data, pagination: { page, limit, total: all.length, has_more: page * limit < all.length } });
  }
  return jsonReply(200, data);
}
