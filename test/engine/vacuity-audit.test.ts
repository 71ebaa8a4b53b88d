import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckRegistry } from '../../suites/checks/index.js';
import type { Check, CheckContext } from '../../suites/checks/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { loadRegistry } from '../../suites/index.js';
import { parseInboundTrigger, profileFor, urlTarget } from '../../targets/index.js';
import { referenceTemplates } from '../../targets/target-conventions.js';
import { startStub } from '../harness/stub-server.js';
import type { Stub } from '../harness/stub-server.js';

/**
 * The vacuity audit (DESIGN.md §3 "Evidence or nothing"): every check runs against real loopback targets that give one
 * answer to everything, and passes nothing but what that answer truly meets. Two runs per target and profile: the
 * suites as they are (the engine blocks what waits on a baseline that did not pass), and the same checks with their
 * `baseline` and `uses` taken away, so each check runs whatever its baselines did and only its own evidence stands
 * between it and a pass.
 */
const behaviours = {
  'answers 404 to everything': [404, { error: 'not_found', message: 'Route not found' }],
  'answers 400 to everything': [400, { error: 'bad_request', message: 'Invalid request data' }],
  'answers 200 {} to everything': [200, {}],
  'answers 500 to everything': [500, { error: 'internal', message: 'Something went wrong' }],
} as const satisfies Record<string, readonly [number, unknown]>;

type Behaviour = keyof typeof behaviours;

/**
 * The only passes allowed, with why the behaviour truly meets what the check cites. Spec §4.3 shows no shape for
 * /v1/user/me, so a 2xx JSON answer is a connection test passed; spec §5.2 lets a simulator accept any key.
 */
const allowedPasses: Readonly<Record<Behaviour, Readonly<Record<string, string>>>> = {
  'answers 404 to everything': {},
  'answers 400 to everything': {},
  'answers 500 to everything': {},
  'answers 200 {} to everything': {
    'USER-ME-CONNECTION': 'GET /v1/user/me answers 2xx with the configured key in x-api-key (spec §4.3 shows no response shape)',
    'CONNECTION-STARTER-KEY': 'the same connection test with the Starter key',
    'CONTRACT-GETCURRENTUSER-POSITIVE': 'valid GET /v1/user/me requests get a 2xx with a JSON body under /v1, all the spec states of it',
    'CONTRACT-GETCURRENTUSER-SUCCESS-STATUS': 'a read answers 200 with Content-Type application/json (DESIGN.md §4)',
    'CONTRACT-LISTMESSAGES-SUCCESS-STATUS': 'a read answers 200 with Content-Type application/json (DESIGN.md §4); the shape is the baseline’s, which fails',
    'AUTH-SCENARIO-SIMULATOR-ANY-KEY': 'simulator profile: made-up keys are served (spec §5.2, §8)',
    'RATE-SCENARIO-SIMULATOR-NO-LIMIT': 'simulator profile: 150 quick requests are all served, none refused for rate (spec §8)',
    'VERSION-DEPRECATION-HEADERS': 'the reads carry no Deprecation or Sunset header (observe: recorded, noted when present)',
    'MESSAGE-SEND-EMPTY-TEXT': 'an empty message is answered with a 2xx, an acceptance (observe: noted only when neither 2xx nor 4xx)',
    'MESSAGE-SEND-FROM-NOT-E164': 'an alphanumeric from is answered with a 2xx, an acceptance (observe, as above)',
    'MESSAGE-SEND-UNKNOWN-FIELD': 'an unknown body field is answered with a 2xx, an acceptance (observe, as above)',
  },
};

// every convention a check may need is given, so no check is skipped for want of a setting
const conventions = { templates: referenceTemplates, failingRecipients: ['+15550009999'], sharedSender: '+15550000000' };

let registry: CheckRegistry;
let unguarded: CheckRegistry;
beforeAll(async () => {
  registry = await loadRegistry();
  unguarded = new CheckRegistry().register(...registry.all().map(withoutBaselines));
});

function withoutBaselines(check: Check): Check {
  const { baseline: _baseline, uses: _uses, ...rest } = check;
  // only the engine's gate is taken away: the run still sees what the check declared, as the webhook fixture reads it
  // (it refuses to create a webhook the check did not declare)
  const declared = { ...(check.uses === undefined ? {} : { uses: check.uses }), ...(check.baseline === undefined ? {} : { baseline: check.baseline }) };
  const run = (ctx: CheckContext): Promise<void> => check.run(Object.create(ctx, { check: { value: { ...ctx.check, ...declared } } }) as CheckContext);
  return Object.freeze({ ...rest, run });
}

async function audit(stub: Stub, profile: 'reference' | 'simulator', checks: CheckRegistry): Promise<RunResult> {
  // a simulator's one webhook URL (spec §8) is known, as --simulator-webhook-url gives it
  // an inbound trigger on the same target: the virtual-phone request answers as everything else does
  const inboundTrigger = parseInboundTrigger('POST /ui/phones/{from}/send {"to":"{to}","message":"{message}"}');
  const options = { conventions: { ...conventions, inboundTrigger }, ...(profile === 'simulator' ? { oneWebhookPath: '/simulator-webhook-url' } : {}) };
  const target = urlTarget(stub.url, profileFor(profile), { growth: 'growth-key', starter: 'starter-key', rateLimit: 'rate-key' }, options);
  return runConformance({ target, registry: checks, seed: 7, runs: 5, timeoutMs: 20_000, allowBillable: true, allowRecipients: ['+15550001234'] });
}

describe.each(Object.keys(behaviours) as Behaviour[])('the vacuity audit: a target that %s', (behaviour) => {
  let stub: Stub;
  beforeAll(async () => {
    const [status, body] = behaviours[behaviour];
    stub = await startStub(() => [status, body]);
  });
  afterAll(async () => {
    await stub.close();
  });

  it.each([
    ['reference', 'the suites as they are'],
    ['simulator', 'the suites as they are'],
    ['reference', 'every check with its baselines taken away'],
    ['simulator', 'every check with its baselines taken away'],
  ] as const)(
    'profile %s, %s: passes only what the behaviour truly meets',
    async (profile, how) => {
      const result = await audit(stub, profile, how === 'the suites as they are' ? registry : unguarded);
      expect(result.setupError).toBeUndefined();
      const allowed = allowedPasses[behaviour];
      const passed = result.checks.filter((check) => check.status === 'passed').map((check) => check.id);
      expect(passed.filter((id) => allowed[id] === undefined)).toEqual([]);
      // the run reached every check: none was skipped for a missing setting, none broke the harness
      const cannot = result.checks.filter((c) => (c.status === 'skipped' && /pass --/.test(c.reason ?? '')) || /harness error/.test(c.reason ?? ''));
      expect(cannot.map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
      if (how === 'every check with its baselines taken away') {
        // each allowed pass is met by its own evidence, whatever else ran
        const applicable = new Set(result.checks.filter((c) => c.status !== 'skipped' || !/profile/.test(c.reason ?? '')).map((c) => c.id));
        expect(passed.sort()).toEqual(
          Object.keys(allowed)
            .filter((id) => applicable.has(id))
            .sort(),
        );
      }
    },
    60_000,
  );
});
