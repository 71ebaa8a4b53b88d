import type { Exchange, KeyRole, Profile } from '../../targets/index.js';
import { randomKey } from '../../targets/index.js';
import type { Check, CheckContext, StatusExpectation } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { findMessages } from './pagination-walk.js';
import { isMine, send, sendBody, sendNeeds, sendOperations, uniqueToken } from './scenario-helpers.js';

const suite = 'scenarios/auth';
// the connection test (spec §4.3) is the positive baseline: the same reads answer 2xx with the configured key
const baseline = 'getCurrentUser';
const needsAuth = (profile: Profile): true | string => (profile.auth ? true : `the ${profile.name} profile accepts any key (spec §5.2)`);

/** Cheap reads that need a key (spec §5.1); none of them has an effect, so refusing them is safe to probe. */
const probes = [
  { operation: 'getCurrentUser', path: '/v1/user/me' },
  { operation: 'listMessages', path: '/v1/messages', query: { limit: 1 } },
] as const;

type Credentials = { key: KeyRole; headers?: Record<string, string> };

/**
 * Sends each probe whose operation answers valid input with a 2xx in this run (a missing route says nothing of keys:
 * the probes fall through to the next operation that works); blocked when none does.
 */
async function probeAll(ctx: CheckContext, credentials: Credentials, expected: StatusExpectation, what: string): Promise<Exchange[]> {
  const working = probes.filter((probe) => ctx.baseline.accepted(probe.operation));
  if (working.length === 0) {
    ctx.blockedBy(
      probes.map((probe) => probe.operation),
      `none of ${probes.map((probe) => `GET ${probe.path}`).join(', ')} answers valid input with a 2xx, so there is nothing to probe keys with`,
    );
  }
  const answers: Exchange[] = [];
  for (const { operation: _operation, ...probe } of working) {
    const exchange = await ctx.http.request({ method: 'GET', ...probe, ...credentials });
    ctx.expectStatus(exchange, expected, what);
    answers.push(exchange);
  }
  return answers;
}

interface RefusalCase {
  readonly word: string;
  readonly what: string;
  readonly credentials: Credentials;
  readonly requirement401: string;
}

const refusalCases: readonly RefusalCase[] = [
  { word: 'MISSING', what: 'a request without x-api-key', credentials: { key: 'none' }, requirement401: 'AUTH-MISSING-401' },
  { word: 'UNKNOWN', what: 'a request with an unknown x-api-key', credentials: { key: 'unknown' }, requirement401: 'AUTH-UNKNOWN-401' },
];

function refused(c: RefusalCase): Check {
  return defineCheck({
    id: `AUTH-SCENARIO-${c.word}-KEY-REFUSED`,
    title: `production: ${c.what} is refused with a 4xx`,
    suite,
    requirements: ['AUTH-PRODUCTION-REQUIRES-KEY'],
    level: 'must',
    appliesTo: needsAuth,
    baseline,
    run: async (ctx) => void (await probeAll(ctx, c.credentials, '4xx', `${c.what} (spec §5.2)`)),
  });
}

function refused401(c: RefusalCase): Check {
  return defineCheck({
    id: `AUTH-SCENARIO-${c.word}-KEY-401`,
    title: `production: ${c.what} answers 401`,
    suite,
    requirements: [c.requirement401],
    level: 'should',
    appliesTo: needsAuth,
    baseline,
    run: async (ctx) => void (await probeAll(ctx, c.credentials, 401, `${c.what} (DESIGN.md §4 auth)`)),
  });
}

/**
 * spec §5.2: a refused key has no effect. The read probes cannot show a write that runs although its answer is 401
 * (an auth middleware that answers and falls through): one free-form send per refusal case, then the list.
 */
const refusedSend = defineCheck({
  id: 'AUTH-SCENARIO-REFUSED-SEND-NO-EFFECT',
  title: 'production: a free-form send without x-api-key, or with an unknown one, is refused and creates no message',
  suite,
  requirements: ['AUTH-PRODUCTION-REQUIRES-KEY'],
  level: 'must',
  needs: sendNeeds('freeForm'),
  appliesTo: needsAuth,
  baseline: sendOperations.freeForm.operationId,
  async run(ctx) {
    const token = uniqueToken();
    const body = sendBody(ctx, 'freeForm', token);
    const answers: Exchange[] = [];
    for (const c of refusalCases) {
      const exchange = await send(ctx, 'freeForm', body, { key: c.credentials.key });
      ctx.expectStatus(exchange, '4xx', `${c.what}: a free-form send (spec §5.2)`);
      answers.push(exchange);
    }
    const made = await findMessages(ctx, isMine(token, body.to), 'growth', answers[0] as Exchange);
    ctx.expect(made.length === 0, `the refused sends still made message(s) ${made.map((m) => m.id).join(', ')}`, { exchange: answers[0] });
  },
});

/** spec §5.1: the key goes in x-api-key; the same key as a bearer token does not authenticate. */
const otherHeaders = defineCheck({
  id: 'AUTH-SCENARIO-BEARER-IGNORED',
  title: 'production: the Growth key sent as Authorization: Bearer instead of x-api-key is refused',
  suite,
  requirements: ['AUTH-OTHER-HEADERS-IGNORED'],
  level: 'should',
  appliesTo: needsAuth,
  baseline,
  async run(ctx) {
    await probeAll(ctx, { key: 'none', headers: { authorization: `Bearer ${ctx.target.keys.growth ?? ''}` } }, '4xx', 'the key as a bearer token');
  },
});

/** spec §5.2, §8: the simulator accepts any API key. */
const simulatorAnyKey = defineCheck({
  id: 'AUTH-SCENARIO-SIMULATOR-ANY-KEY',
  title: 'simulator: requests with made-up API keys are served',
  suite,
  requirements: ['AUTH-SIMULATOR-ANY-KEY'],
  level: 'must',
  appliesTo: (profile) => (profile.auth ? `the ${profile.name} profile requires real keys` : true),
  observes: probes.map((probe) => probe.operation),
  async run(ctx) {
    await probeAll(ctx, { key: 'unknown' }, '2xx', 'a request with a made-up key');
    for (const made of ['x', randomKey('any')]) await probeAll(ctx, { key: 'growth', headers: { 'x-api-key': made } }, '2xx', 'a request with a made-up key');
  },
});

/** The authentication scenarios (spec §5; DESIGN.md §4 auth). */
export const checks: readonly Check[] = [...refusalCases.flatMap((c) => [refused(c), refused401(c)]), refusedSend, otherHeaders, simulatorAnyKey];
