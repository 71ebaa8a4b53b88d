import type { Check } from '../checks/index.js';
import { deliveryPage, recordsOwed } from './delivery-records.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/deliveries';

/**
 * A check that reads a webhook's deliveries with each bad query and expects a 4xx every time (spec §4.2/§8);
 * baseline listWebhookDeliveries, so a list that refuses everything proves nothing.
 */
function badQueryCheck(id: string, title: string, requirement: string, queries: readonly Record<string, string>[]): Check {
  return defineWebhookCheck({
    id,
    title,
    suite,
    requirements: [requirement],
    level: 'must',
    baseline: 'listWebhookDeliveries',
    async run(ctx, hooks) {
      const hook = await hooks.create(['message.failed']);
      const accepted: string[] = [];
      for (const query of queries) {
        if (ctx.signal.aborted) break;
        const exchange = await ctx.http.request({ method: 'GET', path: `/v1/webhooks/${hook.id}/deliveries`, query });
        if (exchange.status === undefined) ctx.expectStatus(exchange, '4xx', `deliveries with ${new URLSearchParams(query).toString()}`);
        if (exchange.status === undefined || exchange.status < 400 || exchange.status >= 500)
          accepted.push(`${new URLSearchParams(query).toString()} → ${exchange.status}`);
      }
      ctx.expect(accepted.length === 0, `GET /v1/webhooks/{id}/deliveries did not refuse with a 4xx: ${accepted.join('; ')}`);
    },
  });
}

/** spec §8: page has a minimum of 1 on the deliveries list too. */
export const pageBelowOneRefused = badQueryCheck('DELIVERY-PAGE-BELOW-1-REFUSED', 'deliveries with page=0 or page=-1 are refused with a 4xx', 'DLV-PAGE-MIN', [
  { page: '0' },
  { page: '-1' },
]);

/** spec §4.2: page and limit are integers. */
export const paramNotIntegerRefused = badQueryCheck(
  'DELIVERY-PARAM-NOT-INTEGER-REFUSED',
  'deliveries with a page or limit that is not an integer (abc, 1.5, 2abc) are refused with a 4xx',
  'DLV-PARAM-TYPES',
  [{ page: 'abc' }, { page: '1.5' }, { page: '2abc' }, { limit: 'abc' }, { limit: '1.5' }, { limit: '2abc' }],
);

/** The default limit of the deliveries list (spec §4.2 and §8). */
const defaultLimit = 50;

/** spec §4.2: without limit, at most 50 records, and exactly 50 when the webhook has more. */
export const limitDefault50 = defineWebhookCheck({
  id: 'DELIVERY-LIMIT-DEFAULT-50',
  // a webhook's create and delete, 51 test sends, two reads
  estimate: { requests: defaultLimit + 5, sends: 0 },
  title: `deliveries without limit answer exactly ${defaultLimit} records when the webhook has ${defaultLimit + 1}`,
  suite,
  requirements: ['DLV-LIMIT-DEFAULT'],
  level: 'must',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    for (let i = 0; i <= defaultLimit && !ctx.signal.aborted; i++) ctx.expectStatus(await hooks.test(hook.id), '2xx', 'POST /v1/webhooks/{id}/test');
    await recordsOwed(ctx);
    const all = await deliveryPage(ctx, hook.id, { limit: 100 });
    ctx.expect(all.length > defaultLimit, `${defaultLimit + 1} test sends left ${all.length} records (read with limit=100)`, 'WH-TEST-RECORDED');
    const page = await deliveryPage(ctx, hook.id);
    ctx.expect(
      page.length === defaultLimit,
      `without limit the deliveries list answered ${page.length} records of ${all.length}, expected ${defaultLimit} (spec §4.2 default)`,
    );
  },
});

export const deliveryQueryChecks = [pageBelowOneRefused, paramNotIntegerRefused, limitDefault50];
