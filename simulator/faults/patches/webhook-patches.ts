import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { StoredWebhook, Webhook } from '../../types.js';
import { WEBHOOK_ID } from '../../webhooks/webhook-service.js';
import type { JsonObject } from './answers.js';
import { editAnswers } from './answers.js';
import type { Patches } from './patch.js';
import { deletedWebhooks } from './webhook-history.js';

/** Every webhook an answer shows is changed by `edit` (create, list, update, rotate alike). */
function presented(edit: (out: JsonObject, w: Webhook) => void) {
  return ({ webhooks }: ReferenceContext) =>
    around(webhooks, 'present', (next, stored) => {
      const w = next(stored);
      const out: JsonObject = { ...w };
      edit(out, w);
      return out as unknown as Webhook;
    });
}

/** An id the service does not find is answered by `instead` (which returns a webhook or throws) when it says so. */
export function notFoundAnswered(instead: (ref: ReferenceContext, id: string) => StoredWebhook | undefined) {
  return (ref: ReferenceContext): void =>
    around(ref.webhooks, 'find', (next, id) => {
      try {
        return next(id);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
        const found = instead(ref, id);
        if (found === undefined) throw err;
        return found;
      }
    });
}

/** A webhook list answer's items changed by `edit` (its body, parsed). */
function listed(edit: (items: JsonObject[], ref: ReferenceContext) => unknown) {
  return (ref: ReferenceContext) => editAnswers<JsonObject[]>(ref, 'listWebhooks', (items) => edit(items, ref));
}

/** The faults of the webhook resource (spec §2.3, §4.2): how webhooks are shown, found, listed and registered. */
export const webhookPatches: Patches = {
  'workspace-id-prefixed': presented((out, w) => void (out.workspace_id = `ws_${w.workspace_id.replace(/-/g, '')}`)),
  'webhook-timestamp-no-zone': presented((out, w) => {
    for (const field of ['created_at', 'updated_at'] as const) out[field] = w[field].replace('T', ' ').slice(0, 19);
  }),
  'webhook-updated-at-renamed': presented((out) => {
    out.modified_at = out.updated_at;
    delete out.updated_at;
  }),
  'webhook-state-field': presented((out) => void (out.status = 'active')),
  'no-secret-warning': ({ webhooks }) =>
    around(webhooks, 'withSecret', (next, w) => {
      const out = next(w);
      delete out.signing_secret_warning;
      return out;
    }),
  // ids are 32 hex digits, and any id is looked up as it is
  'webhook-id-not-uuid': (ref) => {
    around(ref.webhooks, 'newId', () => randomBytes(16).toString('hex'));
    notFoundAnswered(({ store }, id) => store.webhooks.get(id.toLowerCase()))(ref);
  },
  'deleted-webhook-410': (ref) => {
    const deleted = deletedWebhooks(ref);
    notFoundAnswered((_, id) => {
      if (deleted.has(id.toLowerCase())) throw new ApiError(410, 'gone', `webhook ${id} was deleted`);
      return undefined;
    })(ref);
  },
  'malformed-webhook-id-422': notFoundAnswered((_, id) => {
    if (!WEBHOOK_ID.test(id)) throw new ApiError(422, 'validation_error', `webhook id ${id} is not a UUID`);
    return undefined;
  }),
  'unknown-webhook-500': notFoundAnswered(() => {
    throw new ApiError(500, 'internal_error', 'internal error');
  }),
  'list-leaks-secret': listed((items, { store }) => {
    for (const item of items) item.signing_secret = store.webhooks.get(String(item.id))?.signing_secret;
  }),
  // the list reads a copy that sees a webhook 2 s after its create
  'list-lags-new-webhooks': listed((items, { options }) => items.filter((item) => Date.parse(String(item.created_at)) <= options.clock() - 2000)),
  'webhooks-list-capped-10': listed((items) => items.slice(0, 10)),
  // the list stamps created_at at read time
  'webhooks-list-created-at-now': listed((items, { options }) => {
    for (const item of items) item.created_at = new Date(options.clock()).toISOString();
  }),
  // the list's query selects created_at for both columns
  'webhooks-list-updated-at-created': listed((items) => {
    for (const item of items) item.updated_at = item.created_at;
  }),
  'webhooks-list-wrapped': listed((items) => ({ data: items })),
  // each webhook gets a workspace of its own (a tenant column filled per row)
  'workspace-per-webhook': ({ webhooks }) => around(webhooks, 'register', (next, input) => Object.assign(next(input), { workspace_id: randomUUID() })),
  // the secret is derived from the workspace instead of drawn fresh
  'shared-signing-secret': ({ webhooks, workspaceId }) =>
    around(webhooks, 'register', (next, input) =>
      Object.assign(next(input), { signing_secret: `whsec_${createHash('sha256').update(workspaceId).digest('hex')}` }),
    ),
  'create-events-renamed': (ref) =>
    editAnswers(ref, 'createWebhook', (answer) => {
      answer.event_types = answer.events;
      delete answer.events;
    }),
};
