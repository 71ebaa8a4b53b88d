import type { Exchange } from '../../targets/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { simulatorApiPort } from '../../spec/simulator-defaults.js';
import { send, sendBody, sendKindsFor, sendOperations, uniqueToken } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

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

/**
 * spec §8 and §4.2: the five paths on a webhook's id, each called once on a webhook just created (needs the receiver its
 * url names). A path not served answers 404 like an unknown id: against a webhook that exists, a 404 is a missing route,
 * reported here on SIM-SAME-PATHS (without this check it surfaced only as a webhook that seemed to vanish).
 */
const sameWebhookPaths = defineWebhookCheck({
  id: 'SIMULATOR-SCENARIO-SAME-WEBHOOK-PATHS',
  title: 'simulator: the /v1/webhooks/{id} paths (PUT, rotate-secret, test, deliveries, DELETE) are served',
  suite,
  requirements: ['SIM-SAME-PATHS'],
  level: 'must',
  estimate: { requests: 6, sends: 0 },
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const at = `/v1/webhooks/${hook.id}`;
    const calls: readonly { method: 'PUT' | 'POST' | 'GET' | 'DELETE'; path: string; label: string; body?: unknown }[] = [
      { method: 'PUT', path: at, label: 'PUT /v1/webhooks/{id}', body: { url: hook.url, events: ['message.failed'] } },
      { method: 'POST', path: `${at}/rotate-secret`, label: 'POST /v1/webhooks/{id}/rotate-secret' },
      { method: 'POST', path: `${at}/test`, label: 'POST /v1/webhooks/{id}/test' },
      { method: 'GET', path: `${at}/deliveries`, label: 'GET /v1/webhooks/{id}/deliveries' },
      { method: 'DELETE', path: at, label: 'DELETE /v1/webhooks/{id}' },
    ];
    let answer: Exchange | undefined;
    for (const { label, ...request } of calls) {
      answer = await ctx.http.request(request);
      ctx.expect(
        answer.status !== 404 && answer.status !== 405,
        `${label} of a webhook just created answered ${answer.status ?? 'nothing'}: the path is not served`,
        {
          exchange: answer,
        },
      );
    }
    // the DELETE removed it: the fixture's clean-up has nothing left to delete
    if (answer?.status !== undefined && answer.status >= 200 && answer.status < 300) hooks.forget(hook.id);
  },
});

/**
 * spec §8: "API on local port 4001 by default". A harness sees only the address it is given: against a simulator
 * started with its defaults and reached as --target simulator (127.0.0.1:4001), the API answering there is the
 * default port; a simulator elsewhere was given its port, which is all the run can say.
 */
/** The target's origin; an embedded reference has none before it starts (on a free port, never 4001). */
function originOf(target: { readonly baseUrl: string }): URL {
  try {
    return new URL(target.baseUrl);
  } catch {
    return new URL('http://embedded.invalid');
  }
}

const defaultApiPort = defineCheck({
  id: 'SIMULATOR-API-DEFAULT-PORT',
  title: 'simulator: the API answers on port 4001, its default (spec §8)',
  suite,
  requirements: ['SIM-API-PORT'],
  level: 'must',
  appliesTo: (_profile, target) => {
    const { port, hostname } = originOf(target);
    return port === String(simulatorApiPort) && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)
      ? true
      : `the target is not at 127.0.0.1:4001: its default port is seen only against a simulator started with its defaults (--target simulator)`;
  },
  async run(ctx) {
    for (const path of ['/v1/user/me', '/v1/messages']) {
      const answer = await ctx.http.request({ method: 'GET', path });
      ctx.expectStatus(answer, '2xx', `GET ${path} on port ${simulatorApiPort} (spec §8: the API's default port)`);
      ctx.expect(answer.json !== undefined, `GET ${path} on port ${simulatorApiPort} answered no JSON: is the API there, or something else?`, {
        exchange: answer,
      });
    }
  },
});

/** The simulator scenarios (spec §8 Development simulator). */
export const checks: readonly Check[] = [samePaths, sameWebhookPaths, defaultApiPort];
