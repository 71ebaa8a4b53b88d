import { arrivalsAt, pause, waitForArrivals } from './webhook-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

/** How long a followed redirect has to show up after the test send answered (it would come on the same attempt). */
const followWaitMs = 300;

/**
 * DESIGN.md §4 webhook URL rules: deliveries follow no redirects (a 3xx could point them at a private address the
 * URL rules refused). The webhook's receiver path answers 307 to another receiver path; a test send must not reach it.
 */
const noRedirects = defineWebhookCheck({
  id: 'DELIVERY-NO-REDIRECTS',
  title: 'a delivery answered 307 with a Location is not sent on to that Location',
  suite: 'scenarios/deliveries',
  requirements: ['WH-NO-REDIRECTS'],
  level: 'should',
  uses: ['testWebhook'],
  async run(ctx, hooks) {
    const redirected = hooks.path('redirected');
    const path = hooks.path('redirecting');
    hooks.respond(path, { status: 307, headers: { location: ctx.target.receiverUrl(redirected) } });
    const hook = await hooks.create(['message.delivered'], path);
    const exchange = await hooks.test(hook.id);
    ctx.expectStatus(exchange, '2xx', 'POST /v1/webhooks/{id}/test to a receiver answering 307', 'WH-NO-REDIRECTS');
    await waitForArrivals(ctx, 'the test delivery', (d) => d.path === path, { breaks: 'WH-TEST-SENDS-PAYLOAD' });
    await pause(followWaitMs);
    const followed = arrivalsAt(ctx, redirected);
    ctx.expect(followed.length === 0, `the delivery followed the 307 to its Location (${followed.length} request(s) arrived there)`, { exchange });
  },
});

/** The redirect scenario of deliveries. */
export const redirectChecks = [noRedirects];
