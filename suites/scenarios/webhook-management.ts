import type { Exchange } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { defineCheck, fixtureBreaks } from '../checks/index.js';
import { withWebhooks } from './webhook-fixture.js';
import type { CreatedWebhook } from './webhook-fixture.js';

const suite = 'scenarios/webhooks';

/** Fails when the secret's text, or a signing_secret/signing_secret_warning field, shows in the answer (spec §2.3). */
export function expectNoSecret(ctx: CheckContext, exchange: Exchange, secret: string, where: string): void {
  ctx.expect(!exchange.bodyText.includes(secret), `${where} shows the webhook's signing secret, which is returned only by create and rotate (spec §2.3)`, {
    exchange,
  });
  ctx.expect(
    !/"signing_secret(_warning)?"\s*:/.test(exchange.bodyText),
    `${where} carries signing_secret or signing_secret_warning (spec §2.3: only in create and rotate responses)`,
    { exchange },
  );
}

/** GET /v1/webhooks and its items (tolerantly also from a `data` array: WEBHOOK-LIST-HIDES-SECRET checks the shape). */
export async function listWebhooks(ctx: CheckContext): Promise<{ exchange: Exchange; items: Record<string, unknown>[] }> {
  const exchange = await ctx.http.request({ method: 'GET', path: '/v1/webhooks' });
  ctx.expectStatus(exchange, '2xx', 'listing webhooks', fixtureBreaks(ctx));
  const json = exchange.json as { data?: unknown } | undefined;
  const items = Array.isArray(json) ? json : Array.isArray(json?.data) ? json.data : undefined;
  ctx.expect(items !== undefined, 'GET /v1/webhooks answers no list of webhooks (spec §4.2)', { exchange, requirements: [ctx.cited ?? 'WH-LIST-BARE-ARRAY'] });
  return { exchange, items: items as Record<string, unknown>[] };
}

/** The same event kinds, in any order. */
export function sameEvents(a: unknown, b: readonly string[]): boolean {
  return Array.isArray(a) && JSON.stringify([...(a as string[])].sort()) === JSON.stringify([...b].sort());
}

/** Fails unless the answer echoes the request's url and events. */
export function expectEcho(ctx: CheckContext, exchange: Exchange, url: string, events: readonly string[], what: string): void {
  const body = (exchange.json ?? {}) as { url?: unknown; events?: unknown };
  ctx.expect(body.url === url, `${what} answers url ${JSON.stringify(body.url)}, expected the request's ${url}`, { exchange });
  ctx.expect(sameEvents(body.events, events), `${what} answers events ${JSON.stringify(body.events)}, expected ${JSON.stringify(events)}`, { exchange });
}

/** spec §4.2 create: the positive baseline of createWebhook. */
export const createAcceptsValid = defineCheck({
  id: 'WEBHOOK-CREATE-ACCEPTS-VALID',
  title: 'POST /v1/webhooks accepts an https URL on a public host and echoes url and events',
  suite,
  requirements: ['WH-CREATE-RESPONSE', 'WH-URL-PUBLIC-ACCEPTED'],
  level: 'must',
  needs: ['receiver'],
  baselineFor: 'createWebhook',
  run: (ctx: CheckContext) =>
    // a refused create of a valid public https URL shows WH-URL-PUBLIC-ACCEPTED broken
    withWebhooks(ctx.citing('WH-URL-PUBLIC-ACCEPTED'), async (hooks) => {
      const hook = await hooks.create(['message.delivered', 'message.failed']);
      expectEcho(ctx.citing('WH-CREATE-RESPONSE'), hook.exchange, hook.url, hook.events, 'POST /v1/webhooks');
    }),
});

/** spec §4.2 create: the secret and its warning come exactly once, and each webhook has its own. */
export const createReturnsSecretOnce = defineCheck({
  id: 'WEBHOOK-CREATE-SECRET-ONCE',
  title: 'create returns signing_secret and signing_secret_warning; two webhooks get different secrets',
  suite,
  requirements: ['WH-SECRET-ONCE', 'WH-SECRET-WARNING', 'WH-SECRET-UNIQUE'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const first = await hooks.create(['message.sent']);
      const second = await hooks.create(['message.sent']);
      ctx.expectSchema(first.exchange, 'WebhookWithSecret', 'POST /v1/webhooks', 'WH-SECRET-ONCE');
      ctx.expectSchema(second.exchange, 'WebhookWithSecret', 'POST /v1/webhooks', 'WH-SECRET-ONCE');
      ctx.expect(first.secret !== second.secret, 'two webhooks were given the same signing secret', {
        exchange: second.exchange,
        requirements: ['WH-SECRET-UNIQUE'],
      });
    }),
});

/**
 * spec §4.2 list: a bare array without any secret. That it lists the created webhook with its url and events is the
 * history rule's (HISTORY-WEBHOOK-READ-AFTER-WRITE judges every list of the run).
 */
export const listHidesSecret = defineCheck({
  id: 'WEBHOOK-LIST-HIDES-SECRET',
  title: 'GET /v1/webhooks is a bare array without signing_secret',
  suite,
  requirements: ['WH-LIST-BARE-ARRAY', 'WH-LIST-NO-SECRET'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const { exchange, items } = await listWebhooks(ctx.citing('WH-LIST-BARE-ARRAY'));
      ctx.expect(Array.isArray(exchange.json), 'GET /v1/webhooks does not answer a bare array of Webhook objects (spec §4.2)', {
        exchange,
        requirements: ['WH-LIST-BARE-ARRAY'],
      });
      expectNoSecret(ctx.citing('WH-LIST-NO-SECRET'), exchange, hook.secret, 'GET /v1/webhooks');
      ctx.expect(items.length > 0, 'GET /v1/webhooks answers an empty list while a webhook exists: no item to look for a secret in', {
        exchange,
        requirements: ['WH-LIST-NO-SECRET'],
      });
    }),
});

async function updateToNewPath(ctx: CheckContext, hook: CreatedWebhook, path: string): Promise<{ exchange: Exchange; url: string; events: string[] }> {
  const url = ctx.target.receiverUrl(path);
  const events = ['message.sent', 'message.status.updated'];
  const exchange = await ctx.http.request({ method: 'PUT', path: `/v1/webhooks/${hook.id}`, body: { url, events } });
  return { exchange, url, events };
}

/** spec §4.2 PUT: the positive baseline of updateWebhook (that later reads show the update is HISTORY-WEBHOOK-READ-AFTER-WRITE's). */
export const updateAcceptsValid = defineCheck({
  id: 'WEBHOOK-UPDATE-ACCEPTS-VALID',
  title: 'PUT /v1/webhooks/{id} with url and events answers 2xx with them',
  suite,
  requirements: ['WH-UPDATE-RESPONSE'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  baselineFor: 'updateWebhook',
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const { exchange, url, events } = await updateToNewPath(ctx, hook, hooks.path('updated'));
      ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid body');
      expectEcho(ctx, exchange, url, events, 'PUT /v1/webhooks/{id}');
    }),
});

/** spec §4.2 PUT: "Response: Webhook without signing_secret". */
export const updateHidesSecret = defineCheck({
  id: 'WEBHOOK-UPDATE-HIDES-SECRET',
  title: 'PUT /v1/webhooks/{id} answers a Webhook without signing_secret or its warning',
  suite,
  requirements: ['WH-UPDATE-NO-SECRET'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  baseline: 'updateWebhook',
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const { exchange } = await updateToNewPath(ctx, hook, hooks.path('updated'));
      ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid body');
      expectNoSecret(ctx, exchange, hook.secret, 'PUT /v1/webhooks/{id}');
      ctx.expectSchema(exchange, 'Webhook', 'PUT /v1/webhooks/{id}');
    }),
});

/** spec §4.2 PUT: "Body as for create (url and events both required)". */
export const updatePartialRefused = defineCheck({
  id: 'WEBHOOK-UPDATE-PARTIAL-REFUSED',
  title: 'PUT /v1/webhooks/{id} with only url or only events is refused with a 4xx and changes nothing',
  suite,
  requirements: ['WH-UPDATE-BOTH-REQUIRED'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  baseline: 'updateWebhook',
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const onlyUrl = await hooks.update(hook.id, { url: ctx.target.receiverUrl(hooks.path('partial')) });
      ctx.expectStatus(onlyUrl, '4xx', 'PUT with url but without events');
      const onlyEvents = await hooks.update(hook.id, { events: ['message.sent'] });
      ctx.expectStatus(onlyEvents, '4xx', 'PUT with events but without url');
      const { exchange, items } = await listWebhooks(ctx);
      const mine = items.find((item) => item.id === hook.id);
      ctx.expect(mine?.url === hook.url && sameEvents(mine.events, hook.events), 'a refused partial PUT changed the webhook', { exchange });
    }),
});

/** spec §2.3/§8: events needs at least 1 item, on create and on update. */
export const emptyEventsRefused = defineCheck({
  id: 'WEBHOOK-EVENTS-EMPTY-REFUSED',
  title: 'events [] is refused with a 4xx on create and on update',
  suite,
  requirements: ['WH-EVENTS-MIN'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  baseline: 'updateWebhook',
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const created = await hooks.register({ url: ctx.target.receiverUrl(hooks.path('empty')), events: [] });
      ctx.expectStatus(created, '4xx', 'POST /v1/webhooks with events []');
      const updated = await hooks.update(hook.id, { url: hook.url, events: [] });
      ctx.expectStatus(updated, '4xx', 'PUT /v1/webhooks/{id} with events []');
    }),
});

export const managementChecks = [
  createAcceptsValid,
  createReturnsSecretOnce,
  listHidesSecret,
  updateAcceptsValid,
  updateHidesSecret,
  updatePartialRefused,
  emptyEventsRefused,
];
