import type { Exchange } from '../../targets/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { send, sendBody, sendKindsFor, sendOperations, uniqueToken } from './scenario-helpers.js';

const suite = 'scenarios/simulator';

/** The message id of a send's answer, or a failure. */
function messageId(ctx: CheckContext, exchange: Exchange): string {
  const id = (exchange.json as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || id === '')
    return ctx.fail(`${exchange.request.method} ${new URL(exchange.request.url).pathname} answered no message id`, { exchange });
  return id;
}

/**
 * spec §8: the simulator serves the same /v1 paths as the service. Valid requests of the message and user operations
 * get a 2xx; POST /v1/webhooks with an empty body gets a validation 4xx, not 404/405 (the webhook member paths need
 * a receiver: the webhook suites exercise them).
 */
const samePaths = defineCheck({
  id: 'SIMULATOR-SCENARIO-SAME-PATHS',
  title: 'simulator: the /v1 message, webhook and user paths of the service are served',
  suite,
  requirements: ['SIM-SAME-PATHS'],
  level: 'must',
  needs: ['billable'],
  async run(ctx) {
    for (const kind of sendKindsFor(ctx)) {
      const sent = await send(ctx, kind, sendBody(ctx, kind, uniqueToken()));
      ctx.expectStatus(sent, '2xx', `${sendOperations[kind].label} (spec §8: the same paths)`);
      const read = await ctx.http.request({ method: 'GET', path: `/v1/messages/${encodeURIComponent(messageId(ctx, sent))}` });
      ctx.expectStatus(read, '2xx', 'GET /v1/messages/{message_id} of the message just sent');
    }
    for (const path of ['/v1/messages', '/v1/webhooks', '/v1/user/me']) ctx.expectStatus(await ctx.http.request({ method: 'GET', path }), '2xx', `GET ${path}`);
    const create = await ctx.http.request({ method: 'POST', path: '/v1/webhooks', body: {} });
    ctx.expect(create.status !== 404 && create.status !== 405, `POST /v1/webhooks answered ${create.status ?? 'nothing'}: the path is not served`, {
      exchange: create,
    });
  },
});

/** The simulator scenarios (spec §8 Development simulator). */
export const checks: readonly Check[] = [samePaths];
