import { sameEvents } from '../../rules/index.js';
import type { Exchange } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { expectEcho, expectNoSecret, listWebhooks } from './webhook-answers.js';
import { defineWebhookCheck } from './webhook-check.js';
import type { CreatedWebhook } from './webhook-fixture.js';

const suite = 'scenarios/webhooks';

/** spec §4.2 create: the positive baseline of createWebhook. */
export const createAcceptsValid = defineWebhookCheck({
  id: 'WEBHOOK-CREATE-ACCEPTS-VALID',
  title: 'POST /v1/webhooks accepts an https URL on a public host and echoes url and events',
  suite,
  requirements: ['WH-CREATE-RESPONSE', 'WH-URL-PUBLIC-ACCEPTED'],
  level: 'must',
  baselineFor: 'createWebhook',
  // a refused create of a valid public https URL shows WH-URL-PUBLIC-ACCEPTED broken
  fixtureCites: 'WH-URL-PUBLIC-ACCEPTED',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.delivered', 'message.failed']);
    expectEcho(ctx.citing('WH-CREATE-RESPONSE'), hook.exchange, hook.url, hook.events, 'POST /v1/webhooks');
  },
});

/** spec §4.2 create: the secret and its warning come exactly once, and each webhook has its own. */
export const createReturnsSecretOnce = defineWebhookCheck({
  id: 'WEBHOOK-CREATE-SECRET-ONCE',
  title: 'create returns signing_secret and signing_secret_warning; two webhooks get different secrets',
  suite,
  requirements: ['WH-SECRET-ONCE', 'WH-SECRET-WARNING', 'WH-SECRET-UNIQUE'],
  level: 'must',
  async run(ctx, hooks) {
    const first = await hooks.create(['message.sent']);
    const second = await hooks.create(['message.sent']);
    ctx.expectSchema(first.exchange, 'WebhookWithSecret', 'POST /v1/webhooks', 'WH-SECRET-ONCE');
    ctx.expectSchema(second.exchange, 'WebhookWithSecret', 'POST /v1/webhooks', 'WH-SECRET-ONCE');
    ctx.expect(first.secret !== second.secret, 'two webhooks were given the same signing secret', {
      exchange: second.exchange,
      requirements: ['WH-SECRET-UNIQUE'],
    });
  },
});

/**
 * spec §4.2 list: a bare array without any secret. That it lists the created webhook with its url and events is the
 * history rule's (HISTORY-WEBHOOK-READ-AFTER-WRITE judges every list of the run).
 */
export const listHidesSecret = defineWebhookCheck({
  id: 'WEBHOOK-LIST-HIDES-SECRET',
  title: 'GET /v1/webhooks is a bare array without signing_secret',
  suite,
  requirements: ['WH-LIST-BARE-ARRAY', 'WH-LIST-NO-SECRET'],
  level: 'must',
  async run(ctx, hooks) {
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
  },
});

async function updateToNewPath(ctx: CheckContext, hook: CreatedWebhook, path: string): Promise<{ exchange: Exchange; url: string; events: string[] }> {
  const url = ctx.target.receiverUrl(path);
  const events = ['message.sent', 'message.status.updated'];
  const exchange = await ctx.http.request({ method: 'PUT', path: `/v1/webhooks/${hook.id}`, body: { url, events } });
  return { exchange, url, events };
}

/** spec §4.2 PUT: the positive baseline of updateWebhook (that later reads show the update is HISTORY-WEBHOOK-READ-AFTER-WRITE's). */
export const updateAcceptsValid = defineWebhookCheck({
  id: 'WEBHOOK-UPDATE-ACCEPTS-VALID',
  title: 'PUT /v1/webhooks/{id} with url and events answers 2xx with them',
  suite,
  requirements: ['WH-UPDATE-RESPONSE'],
  level: 'must',
  baselineFor: 'updateWebhook',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const { exchange, url, events } = await updateToNewPath(ctx, hook, hooks.path('updated'));
    ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid body');
    expectEcho(ctx, exchange, url, events, 'PUT /v1/webhooks/{id}');
  },
});

/** spec §4.2 PUT: "Response: Webhook without signing_secret". */
export const updateHidesSecret = defineWebhookCheck({
  id: 'WEBHOOK-UPDATE-HIDES-SECRET',
  title: 'PUT /v1/webhooks/{id} answers a Webhook without signing_secret or its warning',
  suite,
  requirements: ['WH-UPDATE-NO-SECRET'],
  level: 'must',
  baseline: 'updateWebhook',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const { exchange } = await updateToNewPath(ctx, hook, hooks.path('updated'));
    ctx.expectStatus(exchange, '2xx', 'PUT /v1/webhooks/{id} with a valid body');
    expectNoSecret(ctx, exchange, hook.secret, 'PUT /v1/webhooks/{id}');
    ctx.expectSchema(exchange, 'Webhook', 'PUT /v1/webhooks/{id}');
  },
});

/** spec §4.2 PUT: "Body as for create (url and events both required)". */
export const updatePartialRefused = defineWebhookCheck({
  id: 'WEBHOOK-UPDATE-PARTIAL-REFUSED',
  title: 'PUT /v1/webhooks/{id} with only url or only events is refused with a 4xx and changes nothing',
  suite,
  requirements: ['WH-UPDATE-BOTH-REQUIRED'],
  level: 'must',
  baseline: 'updateWebhook',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    // as the list shows it before: a list that never shows it as created has nothing to compare (its own rule's)
    const before = (await listWebhooks(ctx)).items.find((item) => item.id === hook.id);
    const onlyUrl = await hooks.update(hook.id, { url: ctx.target.receiverUrl(hooks.path('partial')) });
    ctx.expectStatus(onlyUrl, '4xx', 'PUT with url but without events');
    const onlyEvents = await hooks.update(hook.id, { events: ['message.sent'] });
    ctx.expectStatus(onlyEvents, '4xx', 'PUT with events but without url');
    if (before?.url !== hook.url || !sameEvents(before.events, hook.events))
      ctx.skip(
        'GET /v1/webhooks did not show the created webhook with its url and events before the PUTs: no state to compare (HISTORY-WEBHOOK-READ-AFTER-WRITE judges the list)',
      );
    const { exchange, items } = await listWebhooks(ctx);
    const mine = items.find((item) => item.id === hook.id);
    ctx.expect(mine?.url === hook.url && sameEvents(mine.events, hook.events), 'a refused partial PUT changed the webhook', { exchange });
  },
});

/** spec §2.3/§8: events needs at least 1 item, on create and on update. */
export const emptyEventsRefused = defineWebhookCheck({
  id: 'WEBHOOK-EVENTS-EMPTY-REFUSED',
  title: 'events [] is refused with a 4xx on create and on update',
  suite,
  requirements: ['WH-EVENTS-MIN'],
  level: 'must',
  baseline: 'updateWebhook',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const created = await hooks.register({ url: ctx.target.receiverUrl(hooks.path('empty')), events: [] });
    ctx.expectStatus(created, '4xx', 'POST /v1/webhooks with events []');
    const updated = await hooks.update(hook.id, { url: hook.url, events: [] });
    ctx.expectStatus(updated, '4xx', 'PUT /v1/webhooks/{id} with events []');
  },
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
