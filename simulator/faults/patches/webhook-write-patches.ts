import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { OperationId } from '../../http/api-routes.js';
import { jsonReply } from '../../http/reply.js';
import type { Reply } from '../../http/reply.js';
import type { RequestContext } from '../../http/router.js';
import type { StoredWebhook } from '../../types.js';
import { stamp } from '../../variations.js';
import { testOutcome } from '../../webhooks/routes.js';
import { newSigningSecret } from '../../webhooks/webhook-service.js';
import { bodyOf, editAnswers, succeeded } from './answers.js';
import type { JsonObject } from './answers.js';
import type { Patches } from './patch.js';
import { createdViews, deletedWebhooks, namedWebhook } from './webhook-history.js';
import { notFoundAnswered } from './webhook-patches.js';

/** Wraps an operation on one webhook: `after` gets its 2xx answer and the webhook the path names (a copy as it was before, and the one stored). */
function afterWrite(
  ref: ReferenceContext,
  operation: OperationId,
  after: (reply: Reply, stored: StoredWebhook, before: StoredWebhook, req: RequestContext) => Reply | void,
): void {
  around(ref.operations, operation, async (next, req) => {
    const stored = namedWebhook(ref, req);
    const before = stored && { ...stored };
    const reply = await next(req);
    return (succeeded(reply) || reply.status === 204) && stored && before ? (after(reply, stored, before, req) ?? reply) : reply;
  });
}

/** The faults of the webhook writes (spec §4.2): update, delete, rotate-secret and test. */
export const webhookWritePatches: Patches = {
  // a PUT or a rotation still reaches a deleted webhook (a soft delete read without its flag)
  'deleted-webhook-updatable': (ref) => {
    const deleted = deletedWebhooks(ref);
    let writing = false;
    for (const operation of ['updateWebhook', 'rotateWebhookSecret'] as const)
      around(ref.operations, operation, (next, req) => {
        writing = true;
        try {
          return next(req);
        } finally {
          writing = false; // both operations find their webhook before their first await
        }
      });
    notFoundAnswered((_, id) => (writing ? deleted.get(id.toLowerCase()) : undefined))(ref);
  },
  // the PUT stamps the server's local time (UTC-5) written with a Z
  'updated-at-local-as-z': ({ webhooks, options }) => around(webhooks, 'updateStamp', () => stamp(options.variations, options.clock() - 5 * 3_600_000)),
  'updated-at-frozen': ({ webhooks }) => around(webhooks, 'updateStamp', (_, webhook) => webhook.updated_at),
  // the answer is as if the update were stored
  'update-not-stored': (ref) => afterWrite(ref, 'updateWebhook', (_, stored, before) => void Object.assign(stored, before)),
  // the list shows the webhook as it was before its PUT for 2 s
  'list-stale-after-update': (ref) => {
    const stale = new Map<string, { view: JsonObject; until: number }>();
    afterWrite(ref, 'updateWebhook', (_, stored, before) => {
      stale.set(stored.id, { view: { ...ref.webhooks.present(before) }, until: ref.options.clock() + 2000 });
    });
    editAnswers<JsonObject[]>(ref, 'listWebhooks', (items) =>
      items.map((item) => {
        const kept = stale.get(String(item.id));
        return kept !== undefined && kept.until > ref.options.clock() ? kept.view : item;
      }),
    );
  },
  'update-regenerates-secret': (ref) => afterWrite(ref, 'updateWebhook', (_, stored) => void (stored.signing_secret = newSigningSecret())),
  'update-response-stale': (ref) => afterWrite(ref, 'updateWebhook', (_, __, before) => jsonReply(200, ref.webhooks.present(before))),
  'secret-in-update-response': (ref) => afterWrite(ref, 'updateWebhook', (_, stored) => jsonReply(200, ref.webhooks.withSecret(stored))),
  // the delete query lost its id condition (the first row of the workspace goes)
  'delete-removes-oldest': ({ webhooks, store }) => around(webhooks, 'discard', (next, named) => next(store.listWebhooks()[0] ?? named)),
  // the delete is keyed on the events column, so every webhook with the same events goes too
  'delete-by-events': ({ webhooks, store }) =>
    around(webhooks, 'discard', (next, named) => {
      for (const gone of store.listWebhooks().filter((w) => w === named || w.events.join() === named.events.join())) next(gone);
    }),
  'delete-not-removed': ({ webhooks }) => around(webhooks, 'discard', () => undefined),
  'delete-returns-body': (ref) => afterWrite(ref, 'deleteWebhook', (_, stored) => jsonReply(200, { success: true, id: stored.id })),
  'rotate-same-secret': ({ webhooks }) => around(webhooks, 'rotateSecret', () => undefined),
  // the update is keyed on the workspace, so every webhook of it gets the new secret
  'rotate-secret-of-workspace': ({ webhooks, store }) =>
    around(webhooks, 'rotateSecret', (next, webhook) => {
      next(webhook);
      for (const other of store.listWebhooks()) other.signing_secret = webhook.signing_secret;
    }),
  // the answer is built from the row as created (url and events before any PUT)
  'rotate-answers-created-view': (ref) => {
    const created = createdViews(ref);
    afterWrite(ref, 'rotateWebhookSecret', (_, stored) => {
      const first = created.get(stored.id);
      return first && jsonReply(200, ref.webhooks.withSecret({ ...stored, url: first.url, events: first.events }));
    });
  },
  // the answer shows one new secret, a second write stores another
  'rotate-answer-not-stored': (ref) => afterWrite(ref, 'rotateWebhookSecret', (_, stored) => void (stored.signing_secret = newSigningSecret())),
  // the answer is made before the attempt's outcome is read
  'test-answer-always-200': (ref) => editAnswers(ref, 'testWebhook', (answer) => void Object.assign(answer, testOutcome(200))),
  'test-500-on-failure': (ref) =>
    around(ref.operations, 'testWebhook', async (next, req) => {
      const reply = await next(req);
      return succeeded(reply) && bodyOf(reply).success === false ? { ...reply, status: 502 } : reply;
    }),
  'test-status-code-string': (ref) =>
    editAnswers(ref, 'testWebhook', (answer) => {
      if (answer.status_code !== null) answer.status_code = String(answer.status_code);
    }),
  'test-response-leaks-secret': (ref) =>
    afterWrite(ref, 'testWebhook', (reply, stored) => jsonReply(200, { ...bodyOf<JsonObject>(reply), webhook: ref.webhooks.withSecret(stored) })),
};
