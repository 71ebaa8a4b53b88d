import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck, fixtureBreaks } from '../checks/index.js';
import type { CreatedWebhook, WebhookFixture } from '../scenarios/webhook-fixture.js';
import { historySuite } from './history-drive.js';
import { defineWebhookCheck } from '../scenarios/webhook-check.js';

const suite = historySuite('webhooks');

/** More webhooks than a page-size bug would show (spec §4.2 "array of Webhook objects": all of them). */
const listedWebhooks = 12;

/** GET /v1/webhooks: what it shows is judged by the rules, not here. */
function listWebhooks(ctx: CheckContext): Promise<unknown> {
  return ctx.http.request({ method: 'GET', path: '/v1/webhooks' });
}

/** PUT /v1/webhooks/{id} with url and events; fails the drive when refused (a valid update must be accepted). */
async function update(ctx: CheckContext, hook: CreatedWebhook, url: string, events: readonly string[]): Promise<void> {
  const exchange = await ctx.http.request({ method: 'PUT', path: `/v1/webhooks/${hook.id}`, body: { url, events } });
  ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid url and events', fixtureBreaks(ctx));
}

/** spec §4.2: what a create or PUT wrote, every later list shows (read-after-write). */
const readAfterWrite = defineWebhookCheck({
  id: 'HISTORY-WEBHOOK-READ-AFTER-WRITE',
  title: `GET /v1/webhooks shows every webhook created or updated before it began, with the url and events last written (${listedWebhooks} created, one updated)`,
  suite,
  requirements: ['WH-UPDATE-RESPONSE', 'WH-LIST-CONTAINS-CREATED'],
  level: 'must',
  uses: ['updateWebhook', 'listWebhooks'],
  estimate: { requests: 2 * listedWebhooks + 5, sends: 0 },
  history: { rule: 'webhook-reads', evidence: 'create or PUT of a webhook followed by a list of webhooks' },
  async run(ctx, hooks) {
    const created = await Promise.all(
      Array.from({ length: listedWebhooks }, (_, i) => hooks.create(i % 2 === 0 ? ['message.failed'] : ['message.sent', 'message.delivered'])),
    );
    await listWebhooks(ctx);
    const [first, tested] = created as [CreatedWebhook, CreatedWebhook];
    // a test send writes nothing of the webhook: the list after it still shows the updated_at its create answered
    // (WH-UPDATED-AT-LISTED; a refused test send leaves the rest of the drive standing)
    await Promise.all([
      (async () => {
        // events out of their sorted order: a target may show them sorted (a set), as the variation canonical-webhooks does
        await update(ctx, first, ctx.target.receiverUrl(hooks.path('updated')), ['message.status.updated', 'message.sent']);
        // the rotation's answer shows the webhook as the PUT left it (WH-ROTATE-SHOWS-CURRENT; a refusal leaves the rest standing)
        await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${first.id}/rotate-secret` });
      })(),
      ctx.http.request({ method: 'POST', path: `/v1/webhooks/${tested.id}/test` }),
    ]);
    await listWebhooks(ctx);
  },
});

/** The fields of the checks judged over a drive's history only (they send nothing of their own). */
const judged = { suite, run: async () => {} } as const;

/** spec §4.2 rotate-secret: it returns the Webhook, as the writes before it left it. */
const rotateShowsCurrent = defineCheck({
  ...judged,
  id: 'HISTORY-WEBHOOK-ROTATE-SHOWS-CURRENT',
  title: 'rotate-secret answers the webhook with the url and events its latest create or PUT set',
  requirements: ['WH-ROTATE-SHOWS-CURRENT'],
  level: 'should',
  uses: ['createWebhook', 'updateWebhook', 'rotateWebhookSecret'],
  history: { rule: 'webhook-reads', drivers: ['HISTORY-WEBHOOK-READ-AFTER-WRITE'], evidence: 'rotate-secret of a webhook after a create or PUT of it' },
});

/** spec §2.3 (DESIGN.md's reading): a webhook's created_at is fixed at its create, whichever list shows it. */
const createdAt = defineCheck({
  ...judged,
  id: 'HISTORY-WEBHOOK-CREATED-AT',
  title: 'GET /v1/webhooks shows each webhook with the created_at its create answered',
  requirements: ['WH-CREATED-AT-FIXED'],
  level: 'should',
  uses: ['createWebhook', 'listWebhooks'],
  history: { rule: 'webhook-views', drivers: ['HISTORY-WEBHOOK-READ-AFTER-WRITE'], evidence: 'list of webhooks after a create of one it shows' },
});

/** spec §2.3 (DESIGN.md's reading): a list shows the updated_at of the webhook's latest write, as the write answered it. */
const updatedAtListed = defineCheck({
  ...judged,
  id: 'HISTORY-WEBHOOK-UPDATED-AT-LISTED',
  title: 'GET /v1/webhooks shows each webhook with the updated_at its latest create, PUT or rotation answered',
  requirements: ['WH-UPDATED-AT-LISTED'],
  level: 'should',
  uses: ['createWebhook', 'listWebhooks'],
  history: { rule: 'webhook-list-stamps', drivers: ['HISTORY-WEBHOOK-READ-AFTER-WRITE'], evidence: 'list of webhooks after a write of one it shows' },
});

/** spec §2.3 (DESIGN.md's reading): one API key's webhooks, and the caller /v1/user/me shows, are of one workspace. */
const workspace = defineCheck({
  ...judged,
  id: 'HISTORY-WEBHOOK-WORKSPACE',
  title: 'every webhook of one API key, and GET /v1/user/me for it, shows one workspace_id',
  requirements: ['WH-WORKSPACE-OF-KEY'],
  level: 'should',
  uses: ['createWebhook', 'listWebhooks'],
  history: { rule: 'workspace-of-key', drivers: ['HISTORY-WEBHOOK-READ-AFTER-WRITE'], evidence: 'webhooks created or listed with one API key' },
});

/** DESIGN.md's reading of spec §2.3: a create's created_at and a PUT's updated_at are when the write took effect. */
const stampedNow = defineCheck({
  ...judged,
  id: 'HISTORY-WEBHOOK-STAMPED-NOW',
  title: "create and PUT answer created_at / updated_at within minutes of the call (the clocks' difference), not hours off",
  requirements: ['WH-STAMPED-NOW'],
  level: 'should',
  uses: ['createWebhook', 'updateWebhook'],
  history: { rule: 'stamped-now', drivers: ['HISTORY-WEBHOOK-UPDATED-AT'], evidence: 'create or PUT of a webhook answered with its timestamps' },
});

/** spec §2.3: PUT advances updated_at and keeps created_at. */
const updatedAt = defineWebhookCheck({
  id: 'HISTORY-WEBHOOK-UPDATED-AT',
  title: 'each PUT answers an updated_at later than the one the webhook had, and the created_at it was created with',
  suite,
  requirements: ['WH-UPDATED-AT-CHANGES'],
  level: 'should',
  uses: ['updateWebhook'],
  history: { rule: 'webhook-timestamps', evidence: 'PUT of a webhook after another write of it' },
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    // the rule judges two equal stamps only when more time passed than their precision shows: wait past it (a
    // millisecond, or up to a second for a target that stamps whole seconds)
    const stamped = (hook.exchange.json as { updated_at?: unknown } | undefined)?.updated_at;
    const wholeSeconds = typeof stamped === 'string' && !/\.\d/.test(stamped);
    const pause = (): Promise<void> => pauseMs(wholeSeconds ? 1_010 - (Date.now() % 1_000) : 5);
    await pause();
    await update(ctx, hook, hook.url, ['message.sent']);
    await pause();
    await update(ctx, hook, hook.url, ['message.delivered']);
  },
});

/**
 * Creates two webhooks, deletes the newer, then lists and calls every operation on its id, and reads the older one's
 * log. The older one stays: a delete that removes another row than the one named (the oldest, the first) leaves the
 * named one listed; one that removes more rows than the one named (the same events) loses the older one.
 */
async function deleteThenUse(ctx: CheckContext, hooks: WebhookFixture): Promise<void> {
  const older = await hooks.create(['message.failed']);
  const hook = await hooks.create(['message.failed']);
  const deleted = await ctx.http.request({ method: 'DELETE', path: `/v1/webhooks/${hook.id}` });
  ctx.expectStatus(deleted, '2xx', 'DELETE /v1/webhooks/{id}', fixtureBreaks(ctx));
  hooks.forget(hook.id);
  const at = `/v1/webhooks/${hook.id}`;
  await listWebhooks(ctx);
  await Promise.all([
    ctx.http.request({ method: 'PUT', path: at, body: { url: hook.url, events: ['message.sent'] } }),
    ctx.http.request({ method: 'POST', path: `${at}/rotate-secret` }),
    ctx.http.request({ method: 'POST', path: `${at}/test` }),
    ctx.http.request({ method: 'GET', path: `${at}/deliveries` }),
    ctx.http.request({ method: 'DELETE', path: at }),
    ctx.http.request({ method: 'GET', path: `/v1/webhooks/${older.id}/deliveries` }),
  ]);
}

/** spec §4.2 DELETE: gone from every list that begins after it. */
const deleteRemoves = defineWebhookCheck({
  id: 'HISTORY-WEBHOOK-DELETE-REMOVES',
  title: 'after DELETE completes, no list shows the webhook',
  suite,
  requirements: ['WH-DELETE-REMOVES'],
  level: 'must',
  uses: ['deleteWebhook', 'listWebhooks'],
  estimate: { requests: 11, sends: 0 },
  history: { rule: 'webhook-deletion', evidence: 'list of webhooks begun after a webhook was deleted' },
  run: deleteThenUse,
});

/** DESIGN.md §4: every operation on a deleted id answers 404 (a 4xx at least). */
const unknownAfterDelete = defineCheck({
  id: 'HISTORY-WEBHOOK-UNKNOWN-AFTER-DELETE',
  title: 'after DELETE completes, every operation on the id answers 404',
  suite,
  requirements: ['WH-UNKNOWN-4XX', 'WH-UNKNOWN-404'],
  level: 'should',
  needs: ['receiver'],
  uses: ['createWebhook', 'deleteWebhook'],
  history: { rule: 'webhook-deletion', drivers: ['HISTORY-WEBHOOK-DELETE-REMOVES'], evidence: 'call on a webhook id begun after the webhook was deleted' },
  run: async () => {},
});

/** spec §4.2: a webhook is there until it is deleted; a call on it answering 404 before shows it vanished. */
const foundUntilDeleted = defineCheck({
  ...judged,
  id: 'HISTORY-WEBHOOK-FOUND-UNTIL-DELETED',
  title: 'a created webhook is found by every call on its id until a DELETE of it (none answers 404 before)',
  requirements: ['WH-FOUND-UNTIL-DELETED'],
  level: 'must',
  // only the create: the calls that vanish are this rule's evidence, so their baselines failing must not block it
  uses: ['createWebhook'],
  history: { rule: 'webhook-found', drivers: ['HISTORY-WEBHOOK-DELETE-REMOVES'], evidence: 'call on the id of a webhook the run created and had not deleted' },
});

/** Sleeps a few ms (a clock tick between two writes, never a wait for a condition). */
function pauseMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The webhook history checks. */
export const webhookHistoryChecks: readonly Check[] = [
  readAfterWrite,
  rotateShowsCurrent,
  createdAt,
  updatedAtListed,
  workspace,
  stampedNow,
  updatedAt,
  deleteRemoves,
  unknownAfterDelete,
  foundUntilDeleted,
];
