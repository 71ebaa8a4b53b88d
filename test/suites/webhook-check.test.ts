import { describe, expect, it } from 'vitest';
import { runConformance } from '../../suites/index.js';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import type { Check } from '../../suites/checks/index.js';
import { defineWebhookCheck } from '../../suites/scenarios/webhook-check.js';
import { withWebhooks } from '../../suites/scenarios/webhook-fixture.js';
import { referenceTarget } from '../../targets/index.js';

const common = { title: 'creates a webhook', suite: 'test/webhooks', requirements: ['WH-CREATE-RESPONSE'], level: 'must' } as const;

async function runOne(check: Check) {
  const result = await runConformance({ target: referenceTarget(), registry: new CheckRegistry().register(check), selection: {}, seed: 1 });
  return result.checks.find((c) => c.id === check.id);
}

describe('defineWebhookCheck', () => {
  it('supplies needs receiver and uses createWebhook, adding what the check declares', () => {
    const run = async (): Promise<void> => {};
    expect(defineWebhookCheck({ ...common, id: 'T-PLAIN', run })).toMatchObject({ needs: ['receiver'], uses: ['createWebhook'] });
    const more = defineWebhookCheck({ ...common, id: 'T-MORE', needs: ['billable'], uses: ['sendMessage'], run });
    expect(more).toMatchObject({ needs: ['receiver', 'billable'], uses: ['createWebhook', 'sendMessage'] });
    // a check that lists createWebhook itself keeps its order (the first blocker it names)
    expect(defineWebhookCheck({ ...common, id: 'T-ORDER', uses: ['sendMessage', 'createWebhook'], run }).uses).toEqual(['sendMessage', 'createWebhook']);
    // create's own baseline and its negative checks have it as their subject, not as a fixture
    expect(defineWebhookCheck({ ...common, id: 'T-BASELINE', baselineFor: 'createWebhook', run }).uses).toBeUndefined();
    expect(defineWebhookCheck({ ...common, id: 'T-NEGATIVE', baseline: 'createWebhook', run }).uses).toBeUndefined();
  });
});

describe('the webhook fixture creates only what the check declares', () => {
  it('refuses, before sending, a check that creates a webhook without uses createWebhook: the check errors INVALID_CHECK', async () => {
    const undeclared = defineCheck({
      ...common,
      id: 'T-UNDECLARED-CREATE',
      needs: ['receiver'],
      run: (ctx) => withWebhooks(ctx, async (hooks) => void (await hooks.create(['message.sent']))),
    });
    const result = await runOne(undeclared);
    expect(result?.status).toBe('errored');
    expect(result?.reason).toMatch(/INVALID_CHECK.*T-UNDECLARED-CREATE creates a webhook .*uses: \['createWebhook'\]/);
    expect(result?.exchanges).toBe(0);
  }, 30_000);

  it('lets the same check create it when defined with defineWebhookCheck (and deletes it after)', async () => {
    const declared = defineWebhookCheck({
      ...common,
      id: 'T-DECLARED-CREATE',
      async run(ctx, hooks) {
        const hook = await hooks.create(['message.sent']);
        ctx.expectStatus(hook.exchange, 201, 'POST /v1/webhooks');
      },
    });
    const result = await runOne(declared);
    expect(result?.status).toBe('passed');
    // the create and the fixture's delete
    expect(result?.exchanges).toBe(2);
  }, 30_000);
});
