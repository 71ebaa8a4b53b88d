import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { RequestContext } from '../../http/router.js';
import type { StoredWebhook, WebhookEvent } from '../../types.js';

/** A webhook as it was registered: the faults that keep following it after a PUT or a rotation read it. */
export interface AsCreated {
  url: string;
  events: WebhookEvent[];
  secret: string;
}

/** Each webhook as it was registered, by id, from now on (a map of this patch's own). */
export function createdViews({ webhooks }: ReferenceContext): Map<string, AsCreated> {
  const created = new Map<string, AsCreated>();
  around(webhooks, 'register', (next, input) => {
    const webhook = next(input);
    created.set(webhook.id, { url: webhook.url, events: [...webhook.events], secret: webhook.signing_secret });
    return webhook;
  });
  return created;
}

/** The webhooks deleted, by id: the soft delete some faults keep (history-faults.ts). */
export function deletedWebhooks({ webhooks }: ReferenceContext): Map<string, StoredWebhook> {
  const deleted = new Map<string, StoredWebhook>();
  around(webhooks, 'discard', (next, webhook) => {
    next(webhook);
    deleted.set(webhook.id, webhook);
  });
  return deleted;
}

/** The secret each webhook had before its last rotation, by id. */
export function previousSecrets({ webhooks }: ReferenceContext): Map<string, string> {
  const previous = new Map<string, string>();
  around(webhooks, 'rotateSecret', (next, webhook) => {
    const before = webhook.signing_secret;
    next(webhook);
    previous.set(webhook.id, before);
  });
  return previous;
}

/** The webhook a request's path names, if it is registered. */
export function namedWebhook(ref: ReferenceContext, req: RequestContext): StoredWebhook | undefined {
  return ref.store.webhooks.get((req.params.id ?? '').toLowerCase());
}
