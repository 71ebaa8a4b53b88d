import { defineCheck } from '../define-check.js';

/** A refused key (401/403) shows the x-api-key header not read (spec §5.1); any other failure, the connection test. */
function connectionBreaks(status: number | undefined): string {
  return status === 401 || status === 403 ? 'AUTH-API-KEY-HEADER' : 'USER-ME-CONNECTION';
}

/** The operation id of GET /v1/user/me (spec §4.3). */
export const userMeOperation = 'getCurrentUser';

/** spec §4.3: GET /v1/user/me is the connection test; the engine runs it first and gates the run on it. */
export const userMeConnection = defineCheck({
  id: 'USER-ME-CONNECTION',
  title: 'GET /v1/user/me answers 2xx with the configured key (connection test)',
  suite: 'builtin/connection',
  // spec §5.1: the configured key travels in x-api-key, so a 2xx also proves that header is read
  requirements: ['USER-ME-CONNECTION', 'AUTH-API-KEY-HEADER'],
  level: 'must',
  baselineFor: userMeOperation,
  async run(ctx) {
    const exchange = await ctx.http.request({ method: 'GET', path: '/v1/user/me' });
    ctx.expectStatus(exchange, '2xx', 'the connection test', connectionBreaks(exchange.status));
  },
});

/** spec §4.3, §5.1: every valid key passes the connection test, so the configured Starter key too (not a gate). */
export const userMeStarterKey = defineCheck({
  id: 'CONNECTION-STARTER-KEY',
  title: 'GET /v1/user/me answers 2xx with the Starter key in x-api-key',
  suite: 'builtin/connection',
  requirements: ['USER-ME-CONNECTION', 'AUTH-API-KEY-HEADER'],
  level: 'must',
  needs: ['starterKey'],
  async run(ctx) {
    const exchange = await ctx.http.request({ method: 'GET', path: '/v1/user/me', key: 'starter' });
    ctx.expectStatus(exchange, '2xx', 'the connection test with the Starter key', connectionBreaks(exchange.status));
  },
});

/** DESIGN.md §4: /v1/user/me answers {id, email, name, workspace_id, created_at}. */
export const userMeShape = defineCheck({
  id: 'USER-ME-SHAPE',
  title: 'GET /v1/user/me answers a User object',
  suite: 'builtin/connection',
  requirements: ['USER-ME-SHAPE'],
  level: 'should',
  // it reads the answer's fields: it waits on the connection test passing (DESIGN.md §3 "Evidence or nothing")
  uses: [userMeOperation],
  async run(ctx) {
    const exchange = await ctx.http.request({ method: 'GET', path: '/v1/user/me' });
    ctx.expectStatus(exchange, '2xx');
    ctx.expectSchema(exchange, 'User');
  },
});
