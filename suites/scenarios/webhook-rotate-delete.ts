import type { Exchange } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { defineCheck, expectThat, fixtureBreaks } from '../checks/index.js';
import { analyzeSignature, describeSignature } from './signature-analysis.js';
import { anyConstruction } from '../../rules/index.js';
import { withWebhooks } from './webhook-fixture.js';
import type { CreatedWebhook, WebhookFixture } from './webhook-fixture.js';

const suite = 'scenarios/webhooks';

async function rotate(ctx: CheckContext, hook: CreatedWebhook): Promise<{ exchange: Exchange; secret: unknown }> {
  const exchange = await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${hook.id}/rotate-secret` });
  ctx.expectStatus(exchange, '2xx', 'POST /v1/webhooks/{id}/rotate-secret', fixtureBreaks(ctx));
  return { exchange, secret: (exchange.json as { signing_secret?: unknown } | undefined)?.signing_secret };
}

/** spec §4.2 rotate-secret: a new, different secret and its warning. */
export const rotateNewSecret = defineCheck({
  id: 'WEBHOOK-ROTATE-NEW-SECRET',
  title: 'rotate-secret answers the Webhook with a new, different signing_secret and a signing_secret_warning',
  suite,
  requirements: ['WH-ROTATE-NEW-SECRET', 'WH-SECRET-WARNING'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const { exchange, secret } = await rotate(ctx, hook);
      ctx.expectSchema(exchange, 'WebhookWithSecret', 'POST /v1/webhooks/{id}/rotate-secret', 'WH-ROTATE-NEW-SECRET');
      ctx.expect(secret !== hook.secret, 'rotate-secret answered the secret the webhook already had (spec §4.2: a new signing_secret)', {
        exchange,
        requirements: ['WH-ROTATE-NEW-SECRET'],
      });
    }),
});

/** spec §4.2 rotate-secret: "Invalidates the current secret"; spec §5.3 deliveries verify with the webhook's secret. */
export const rotateNewSecretSigns = defineCheck({
  id: 'WEBHOOK-ROTATE-NEW-SECRET-SIGNS',
  title: 'after rotate-secret, deliveries verify with the new secret and not with the old one',
  suite,
  requirements: ['SIG-CURRENT-SECRET', 'WH-ROTATE-INVALIDATES-OLD'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const signature = ctx.target.conventions.signature;
      // must: any common HMAC-SHA256 construction counts (spec §5.3 does not show one: rules/signature-constructions.ts)
      const first = (await hooks.testSend(hook)).delivery;
      const before = analyzeSignature(first, hook.secret, signature);
      ctx.expect(
        anyConstruction(first, hook.secret) !== undefined,
        `before rotation the test delivery does not verify with the secret from create (${describeSignature(before, signature)})`,
        'SIG-CURRENT-SECRET',
      );
      const { secret } = await rotate(ctx, hook);
      expectThat(typeof secret === 'string', 'rotate-secret answered no signing_secret string', 'WH-ROTATE-NEW-SECRET');
      const second = (await hooks.testSend(hook)).delivery;
      const withNew = analyzeSignature(second, secret, signature);
      ctx.expect(
        anyConstruction(second, secret) !== undefined,
        `after rotation the delivery does not verify with the new secret (${describeSignature(withNew, signature)})`,
        'SIG-CURRENT-SECRET',
      );
      ctx.expect(
        anyConstruction(second, hook.secret) === undefined,
        'after rotation the delivery still verifies with the old secret (spec §4.2: rotation invalidates it)',
        'WH-ROTATE-INVALIDATES-OLD',
      );
    }),
});

async function deleteHook(ctx: CheckContext, hooks: WebhookFixture, hook: CreatedWebhook): Promise<Exchange> {
  const exchange = await ctx.http.request({ method: 'DELETE', path: `/v1/webhooks/${hook.id}` });
  ctx.expectStatus(exchange, '2xx', 'DELETE /v1/webhooks/{id}', fixtureBreaks(ctx));
  hooks.forget(hook.id);
  return exchange;
}

/** Every operation on a webhook id, with a valid body where one is needed. */
function useAfterDelete(ctx: CheckContext, hook: CreatedWebhook): Promise<Exchange>[] {
  const at = `/v1/webhooks/${hook.id}`;
  return [
    ctx.http.request({ method: 'PUT', path: at, body: { url: hook.url, events: ['message.sent'] } }),
    ctx.http.request({ method: 'POST', path: `${at}/rotate-secret` }),
    ctx.http.request({ method: 'POST', path: `${at}/test` }),
    ctx.http.request({ method: 'GET', path: `${at}/deliveries` }),
    ctx.http.request({ method: 'DELETE', path: at }),
  ];
}

/** spec §4.2 DELETE: the webhook is gone from the list. */
export const deleteRemoves = defineCheck({
  id: 'WEBHOOK-DELETE-REMOVES',
  title: 'after DELETE the webhook is not listed',
  suite,
  requirements: ['WH-DELETE-REMOVES'],
  level: 'must',
  needs: ['receiver'],
  uses: ['createWebhook'],
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      await deleteHook(ctx, hooks, hook);
      const list = await ctx.http.request({ method: 'GET', path: '/v1/webhooks' });
      ctx.expectStatus(list, '2xx', 'GET /v1/webhooks', 'ERR-SUCCESS-2XX');
      ctx.expect(!list.bodyText.includes(hook.id), `GET /v1/webhooks still lists the deleted webhook ${hook.id}`, {
        exchange: list,
        requirements: ['WH-DELETE-REMOVES'],
      });
    }),
});

/**
 * DESIGN.md §4: DELETE answers 204 with no body; unknown ids are refused with a 4xx, namely 404 (should: spec §7 does
 * not show the status of unknown ids).
 */
export const deleteThen404 = defineCheck({
  id: 'WEBHOOK-DELETE-THEN-404',
  title: 'DELETE answers 204 with an empty body, and every operation on the deleted id then answers 404',
  suite,
  requirements: ['WH-DELETE-NO-BODY', 'WH-UNKNOWN-4XX', 'WH-UNKNOWN-404'],
  level: 'should',
  needs: ['receiver'],
  uses: ['createWebhook'],
  run: (ctx: CheckContext) =>
    withWebhooks(ctx, async (hooks) => {
      const hook = await hooks.create(['message.failed']);
      const exchange = await deleteHook(ctx, hooks, hook);
      ctx.expectStatus(exchange, 204, 'DELETE /v1/webhooks/{id}', 'WH-DELETE-NO-BODY');
      ctx.expect(exchange.bodyText === '', 'DELETE /v1/webhooks/{id} answered a body; DESIGN.md §4: 204 with no body', {
        exchange,
        requirements: ['WH-DELETE-NO-BODY'],
      });
      const used = await Promise.all(useAfterDelete(ctx, hook));
      for (const exchange of used) ctx.expectStatus(exchange, '4xx', 'an operation on a deleted webhook', 'WH-UNKNOWN-4XX');
      for (const exchange of used) ctx.expectStatus(exchange, 404, 'an operation on a deleted webhook', 'WH-UNKNOWN-404');
    }),
});

export const rotateDeleteChecks = [rotateNewSecret, rotateNewSecretSigns, deleteRemoves, deleteThen404];
