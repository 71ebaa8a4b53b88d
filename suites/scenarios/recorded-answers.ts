import { schemas } from '../../spec/index.js';
import type { Exchange, KeyRole } from '../../targets/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { send, sendBody, sentMessage, uniqueToken } from './scenario-helpers.js';

/**
 * Observe-level records (spec §9, §7 and the gaps of §4.1 and §2.1): what the target answers where the spec gives no
 * rule is logged on every run, and noted (shown, never failing) when it is what the requirement singles out.
 */
const suite = 'scenarios/recorded';

const statusText = (exchange: Exchange) =>
  exchange.status === undefined ? `no answer (${exchange.error?.message ?? 'network error'})` : String(exchange.status);
const isAnswer = (exchange: Exchange) =>
  exchange.status !== undefined && ((exchange.status >= 200 && exchange.status < 300) || (exchange.status >= 400 && exchange.status < 500));

/** spec §9: the version is the /v1 prefix; an operation served without it as well is noted. */
const unversionedPath = defineCheck({
  id: 'VERSION-UNVERSIONED-PATH',
  title: 'what GET /messages (without /v1) answers is recorded; serving it like GET /v1/messages is noted',
  suite,
  requirements: ['VER-UNVERSIONED-PATH'],
  level: 'observe',
  baseline: 'listMessages',
  async run(ctx) {
    const exchange = await ctx.http.request({ method: 'GET', path: '/messages' });
    ctx.log(`GET /messages answered ${statusText(exchange)}`);
    // whatever it answered is the record, once GET /v1/messages answers valid input: only the path differs then
    if (exchange.status !== undefined && ctx.baseline.accepted('listMessages')) ctx.evidence(`GET /messages answered ${exchange.status}`);
    const served = exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
    ctx.expect(!served, `GET /messages answered ${exchange.status}: the operation is served without the /v1 prefix too (spec §9)`, { exchange });
  },
});

/** The reads whose headers are recorded, by operation. */
const deprecationReads = [
  { operation: 'listMessages', path: '/v1/messages' },
  { operation: 'listWebhooks', path: '/v1/webhooks' },
  { operation: 'getCurrentUser', path: '/v1/user/me' },
];

/** spec §9 (deprecation policy not shown): Deprecation (RFC 9745) and Sunset (RFC 8594) headers are recorded. */
const deprecationHeaders = defineCheck({
  id: 'VERSION-DEPRECATION-HEADERS',
  title: 'Deprecation and Sunset headers on the read operations are recorded (noted when present)',
  suite,
  requirements: ['VER-DEPRECATION-HEADERS'],
  level: 'observe',
  baseline: 'listMessages',
  observes: deprecationReads.map((read) => read.operation),
  async run(ctx) {
    const seen: string[] = [];
    // a read that is missing says nothing of deprecation: only the ones that work are read (DESIGN.md §3)
    for (const { path } of deprecationReads.filter((read) => ctx.baseline.accepted(read.operation))) {
      const exchange = await ctx.http.request({ method: 'GET', path });
      ctx.evidence(exchange);
      for (const header of ['deprecation', 'sunset']) {
        const value = exchange.headers[header];
        if (value !== undefined) seen.push(`GET ${path}: ${header}: ${value}`);
      }
    }
    ctx.log(seen.length === 0 ? 'no Deprecation or Sunset header' : seen.join('; '));
    ctx.expect(seen.length === 0, `the target announces a deprecation: ${seen.join('; ')}`);
  },
});

/** A condition of DESIGN.md §4's error codes, the request that makes it, and when it applies. */
interface ErrorCondition {
  readonly code: string;
  readonly key?: KeyRole;
  readonly method: string;
  readonly path: string;
  readonly body?: (ctx: CheckContext) => unknown;
  readonly applies: (ctx: CheckContext) => boolean;
}

const conditions: readonly ErrorCondition[] = [
  { code: 'validation_error', method: 'POST', path: '/v1/messages', body: () => ({}), applies: () => true },
  { code: 'not_found', method: 'GET', path: '/v1/messages/conform-unknown-message', applies: () => true },
  { code: 'unauthorized', key: 'unknown', method: 'GET', path: '/v1/messages', applies: (ctx) => ctx.profile.auth },
  // an unguarded target only: a Starter send that a target wrongly accepts would be billed
  {
    code: 'tier_not_allowed',
    key: 'starter',
    method: 'POST',
    path: '/v1/messages',
    body: (ctx) => sendBody(ctx, 'freeForm', uniqueToken()),
    applies: (ctx) => ctx.profile.tiers && ctx.target.keys.starter !== undefined && ctx.http.allowedRecipients === undefined,
  },
];

/** DESIGN.md §4 error body: the code of each condition is recorded; one other than DESIGN.md's is noted. */
const errorCodes = defineCheck({
  id: 'ERROR-CODES-RECORDED',
  title: 'the error code of validation, unknown id, unknown key and tier refusals is recorded (noted when not DESIGN.md’s)',
  suite,
  requirements: ['ERR-ERROR-CODES'],
  level: 'observe',
  baseline: 'sendMessage',
  async run(ctx) {
    const differ: string[] = [];
    for (const condition of conditions.filter((c) => c.applies(ctx))) {
      const exchange = await ctx.http.request({
        method: condition.method,
        path: condition.path,
        ...(condition.key ? { key: condition.key } : {}),
        ...(condition.body ? { body: condition.body(ctx) } : {}),
      });
      const code = errorCode(exchange.json);
      ctx.evidence(exchange);
      ctx.log(`${condition.code}: ${condition.method} ${condition.path} answered ${statusText(exchange)} with error ${JSON.stringify(code)}`);
      if (code !== condition.code) differ.push(`${condition.code} expected, ${JSON.stringify(code)} given (${statusText(exchange)})`);
    }
    ctx.expect(differ.length === 0, `error codes other than DESIGN.md §4's: ${differ.join('; ')}`);
  },
});

// spec §2.1's table, plus failure_reason, which its note names for failure events
const messageFields = new Set([...Object.keys((schemas.Message as { properties?: object }).properties ?? {}), 'failure_reason']);

/**
 * The code of an error body: DESIGN.md §4's `error`, or the last segment of an RFC 7807 problem's `type` (spec §7 does
 * not show the error body; problem details are the standard one, and a conforming reading: issue 23's variations).
 */
function errorCode(json: unknown): unknown {
  const body = json as { error?: unknown; type?: unknown } | undefined;
  if (body?.error !== undefined || typeof body?.type !== 'string') return body?.error;
  return body.type.split('/').pop();
}

/** A name that differs from a table field only in case, underscores or hyphens (createdAt, message-id ...). */
function shadows(field: string): string | undefined {
  const plain = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');
  return [...messageFields].find((known) => known !== field && plain(known) === plain(field));
}

/**
 * spec §2.1: fields of a Message beyond the table are recorded; they are allowed (extra fields are a conforming
 * reading: issue 23's variations), so one is noted only when it shadows a field of the table under another spelling
 * (createdAt beside created_at): a client may come to rely on the wrong one.
 */
const extraFields = defineCheck({
  id: 'MESSAGE-EXTRA-FIELDS',
  title: 'fields of a sent Message beyond spec §2.1’s table are recorded (noted when one is a table field spelt otherwise)',
  suite,
  requirements: ['MSG-EXTRA-FIELDS'],
  level: 'observe',
  needs: ['billable'],
  baseline: 'sendMessage',
  async run(ctx) {
    const message = sentMessage(ctx, await send(ctx, 'freeForm', sendBody(ctx, 'freeForm', uniqueToken())), 'a valid send');
    const extra = Object.keys(message).filter((field) => !messageFields.has(field));
    ctx.log(extra.length === 0 ? 'no fields beyond the table' : `fields beyond the table: ${extra.join(', ')}`);
    const twins = extra.filter((field) => shadows(field) !== undefined);
    ctx.expect(
      twins.length === 0,
      `a Message carries ${twins.map((field) => `${field} beside ${shadows(field)}`).join(', ')}: a table field under another spelling`,
    );
  },
});

/** A send body the spec gives no rule for (GAP-BODY-EDGE-CASES): its answer is recorded; one that is neither 2xx nor 4xx is noted. */
function edgeCase(id: string, requirement: string, what: string, body: (ctx: CheckContext) => Record<string, unknown>): Check {
  return defineCheck({
    id,
    title: `what POST /v1/messages answers for ${what} is recorded (noted when it is neither an acceptance nor a refusal)`,
    suite,
    requirements: [requirement],
    level: 'observe',
    needs: ['billable'],
    baseline: 'sendMessage',
    async run(ctx) {
      const exchange = await send(ctx, 'freeForm', body(ctx));
      ctx.log(`${what}: ${statusText(exchange)}`);
      ctx.expect(isAnswer(exchange), `${what} answered ${statusText(exchange)}: neither an acceptance (2xx) nor a refusal (4xx)`, { exchange });
    },
  });
}

/** The observe-level records. */
export const checks: readonly Check[] = [
  unversionedPath,
  deprecationHeaders,
  errorCodes,
  extraFields,
  edgeCase('MESSAGE-SEND-EMPTY-TEXT', 'MSG-SEND-EMPTY-MESSAGE', 'an empty message', (ctx) => sendBody(ctx, 'freeForm', uniqueToken(), { message: '' })),
  edgeCase('MESSAGE-SEND-FROM-NOT-E164', 'MSG-SEND-FROM-FORMAT', 'a from that is not E.164 (an alphanumeric sender)', (ctx) =>
    sendBody(ctx, 'freeForm', uniqueToken(), { from: 'CONFORM' }),
  ),
  edgeCase('MESSAGE-SEND-UNKNOWN-FIELD', 'MSG-SEND-UNKNOWN-FIELDS', 'an unknown body field', (ctx) =>
    sendBody(ctx, 'freeForm', uniqueToken(), { conform_unknown_field: 'x' }),
  ),
];
