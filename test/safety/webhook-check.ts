import { defineCheck } from '../../suites/checks/index.js';
import type { Check } from '../../suites/checks/index.js';

/** A check that creates a webhook on the target and then ends as `ending` says, never deleting it itself. */
export function leakyWebhookCheck(id: string, ending: 'fail' | 'throw' | 'pass' | 'hang', onCreated: () => void = () => {}): Check {
  return defineCheck({
    id,
    title: `creates a webhook and then ${ending}s without deleting it`,
    suite: 'safety/cleanup',
    requirements: ['WH-CREATE-RESPONSE'],
    level: 'must',
    async run(ctx) {
      const exchange = await ctx.http.request({
        method: 'POST',
        path: '/v1/webhooks',
        body: { url: ctx.target.receiverUrl(`/${id.toLowerCase()}`), events: ['message.sent'] },
      });
      ctx.expectStatus(exchange, '2xx', 'creating the webhook');
      onCreated();
      if (ending === 'fail') ctx.fail('failing on purpose after creating a webhook');
      if (ending === 'throw') throw new Error('a bug in the check after creating a webhook');
      // bounded: the check's deadline or the run's interrupt ends the wait
      if (ending === 'hang') await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true }));
    },
  });
}
