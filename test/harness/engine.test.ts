import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import type { CheckDefinition } from '../../suites/checks/index.js';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { RunOptions } from '../../suites/engine/index.js';
import { profileFor, sleep, urlTarget } from '../../targets/index.js';
import { startStub, userMe } from './stub-server.js';
import type { Stub, StubHandler } from './stub-server.js';

let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const check = (over: Partial<CheckDefinition> & Pick<CheckDefinition, 'id' | 'run'>) =>
  defineCheck({ title: over.id, suite: 'test/engine', requirements: ['ERR-VALIDATION-4XX'], level: 'must', ...over });

async function run(handler: StubHandler, checks: CheckDefinition[], options: Partial<RunOptions> = {}) {
  stub = await startStub(handler);
  const registry = new CheckRegistry().register(userMeConnection, ...checks.map(defineCheck));
  const target = urlTarget(stub.url, profileFor('simulator'), { growth: 'test-key-planted-123' });
  return runConformance({ target, registry, seed: 42, runs: 20, ...options });
}

const sendBaseline = check({
  id: 'T-SEND-BASELINE',
  baselineFor: 'sendMessage',
  async run(ctx) {
    ctx.expectStatus(await ctx.http.request({ method: 'POST', path: '/v1/messages', body: { to: '+14155550100', from: '+1', message: 'hi' } }), '2xx');
  },
});
// registered in a suite that sorts BEFORE the baseline's, so the engine must still order it after the baseline
const refusesEmpty = check({
  id: 'A-SEND-REFUSES-EMPTY',
  suite: 'a-first/negative',
  baseline: 'sendMessage',
  async run(ctx) {
    ctx.expectStatus(await ctx.http.request({ method: 'POST', path: '/v1/messages', body: {} }), '4xx');
  },
});
const healthyUserMe: StubHandler = (req) => (req.url === '/v1/user/me' ? [200, userMe] : undefined);

describe('vacuity (DESIGN.md §3)', () => {
  it('blocks negative checks when the operation answers 404 to everything: the baseline is the root failure', async () => {
    const result = await run((req, res) => healthyUserMe(req, res) ?? [404, { error: 'not_found', message: 'no such route' }], [sendBaseline, refusesEmpty]);
    const byId = Object.fromEntries(result.checks.map((c) => [c.id, c]));
    expect(byId['T-SEND-BASELINE']).toMatchObject({ status: 'failed', failedOperation: 'sendMessage', answer: { status: 404, message: 'no such route' } });
    expect(byId['T-SEND-BASELINE']?.reason).toBe('not implemented: POST /v1/messages answered 404 to valid input: no such route');
    expect(byId['A-SEND-REFUSES-EMPTY']).toMatchObject({ status: 'blocked', blockedBy: 'T-SEND-BASELINE', exchanges: 0 });
    expect(result.operations.find((o) => o.operationId === 'sendMessage')).toMatchObject({
      state: 'not-implemented',
      status: 404,
      message: 'no such route',
      checkId: 'T-SEND-BASELINE',
    });
    expect(result.rootCauses).toEqual([{ checkId: 'T-SEND-BASELINE', same: [], blocks: ['A-SEND-REFUSES-EMPTY'] }]);
    // ERR-VALIDATION-4XX is cited by both: the baseline failed on it, the blocked check proved nothing
    expect(result.exitCode).toBe(1);
    expect(result.checks.map((c) => c.id)).toEqual(['USER-ME-CONNECTION', 'T-SEND-BASELINE', 'A-SEND-REFUSES-EMPTY']);
  });

  it('passes them when the operation works and refuses bad input', async () => {
    const result = await run(
      (req, res) => healthyUserMe(req, res) ?? (req.body.includes('"to"') ? [201, { id: 'm1' }] : [400, { error: 'validation_error' }]),
      [sendBaseline, refusesEmpty],
    );
    expect(result.checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
    expect(result.exitCode).toBe(0);
  });

  it('adds the baseline a selected negative check depends on', async () => {
    const result = await run((req, res) => healthyUserMe(req, res) ?? [404, {}], [sendBaseline, refusesEmpty], {
      selection: { ids: ['A-SEND-REFUSES-EMPTY'] },
    });
    expect(result.checks.map((c) => c.id)).toContain('T-SEND-BASELINE');
  });
});

describe('status mapping', () => {
  const checks = [
    check({ id: 'T-FAILS', run: async (ctx) => ctx.fail('the target broke it') }),
    check({
      id: 'T-THROWS',
      run: async () => {
        throw new Error('bug in the check');
      },
    }),
    check({ id: 'T-SKIPS', run: async (ctx) => ctx.skip('not today') }),
    check({ id: 'T-SLOW', timeoutMs: 100, run: async (ctx) => sleep(5_000, ctx.signal) }),
    check({
      id: 'T-NETWORK',
      run: async (ctx) => {
        ctx.expectStatus(await ctx.http.request({ path: '/reset' }), 200);
      },
    }),
    check({ id: 'T-NOT-APPLICABLE', appliesTo: (profile) => (profile.auth ? true : 'the simulator accepts any key'), run: async () => {} }),
    check({ id: 'T-NEEDS-STARTER', needs: ['starterKey'], run: async () => {} }),
    check({ id: 'T-OBSERVE', level: 'observe', run: async (ctx) => ctx.fail('only recorded') }),
  ];
  const handler: StubHandler = (req, res) => {
    if (req.url === '/reset') {
      res.socket?.destroy();
      return undefined;
    }
    return healthyUserMe(req, res) ?? [404, {}];
  };

  it('maps CheckFailure → failed, exceptions/timeouts/network errors → errored, skips → skipped', async () => {
    const result = await run(handler, checks);
    const status = Object.fromEntries(result.checks.map((c) => [c.id, [c.status, c.reason ?? '']]));
    expect(status['T-FAILS']).toEqual(['failed', 'the target broke it']);
    expect(status['T-THROWS']).toEqual(['errored', 'the check raised: bug in the check']);
    expect(status['T-SKIPS']).toEqual(['skipped', 'not today']);
    expect(status['T-SLOW']).toEqual(['errored', 'timed out after 100 ms']);
    expect(status['T-NETWORK']?.[0]).toBe('errored');
    expect(status['T-NETWORK']?.[1]).toMatch(/^target error: GET http:\/\/127\.0\.0\.1:\d+\/reset failed/);
    expect(status['T-NOT-APPLICABLE']).toEqual(['skipped', 'the simulator accepts any key']);
    expect(status['T-NEEDS-STARTER']?.[1]).toMatch(/--starter-api-key/);
    expect(status['T-OBSERVE']).toEqual(['noted', 'only recorded']);
    expect(result.summary.byStatus).toEqual({ passed: 1, failed: 1, errored: 3, blocked: 0, noted: 1, skipped: 3 });
  });

  it('decides the exit code by --fail-on; observe never fails', async () => {
    const shouldFails = [check({ id: 'T-SHOULD', level: 'should', run: async (ctx) => ctx.fail('x') }), checks[7] as CheckDefinition];
    expect((await run(healthyUserMe, shouldFails, { failOn: 'should' })).exitCode).toBe(1);
    await stub?.close();
    const lax = await run(healthyUserMe, shouldFails, { failOn: 'must' });
    expect(lax.exitCode).toBe(0);
    expect(lax.verdict).toBe('conforms');
  });

  it('errors a check that exceeds the request budget', async () => {
    const greedy = check({
      id: 'T-GREEDY',
      run: async (ctx) => {
        for (let i = 0; i < 10; i++) await ctx.http.request({ path: '/v1/user/me' });
      },
    });
    const result = await run(healthyUserMe, [greedy], { maxRequests: 5 });
    expect(result.checks[1]?.status).toBe('errored');
    expect(result.checks[1]?.reason).toMatch(/BUDGET_EXCEEDED.*--max-requests/);
  });
});

describe('reachability probe (no connection gate)', () => {
  it('skips everything and exits 2 with a fix when /v1/user/me and /v1/messages refuse the key', async () => {
    const result = await run(() => [401, { error: 'unauthorized' }], [sendBaseline]);
    expect(result.exitCode).toBe(2);
    expect(result.verdict).toBe('not-run');
    expect(result.setupError).toMatchObject({ code: 'KEY_REFUSED', message: expect.stringMatching(/refused the API key: .*401.*--api-key/) });
    expect(result.checks.every((c) => c.status === 'skipped' && /^not run: the target refused the API key: /.test(c.reason ?? ''))).toBe(true);
    expect(result.requestsSent).toBe(2);
  });
});

describe('ctx.property', () => {
  it('shrinks to the minimal counterexample and carries seed and a redacted curl reproduction', async () => {
    const prop = check({
      id: 'T-PROPERTY',
      async run(ctx) {
        await ctx.property('limit accepted', fc.integer({ min: 1, max: 1000 }), async (limit) => {
          ctx.expectStatus(await ctx.http.request({ path: '/v1/messages', query: { limit } }), 200);
        });
      },
    });
    const result = await run(
      (req, res) => {
        const limit = Number(new URL(req.url, 'http://x').searchParams.get('limit'));
        return healthyUserMe(req, res) ?? (limit > 10 ? [500, { leaked: 'test-key-planted-123' }] : [200, { data: [] }]);
      },
      [prop],
    );
    const failed = result.checks[1];
    expect(failed?.status).toBe('failed');
    expect(failed?.counterexample).toBe(11);
    expect(failed?.seed).toBe(42);
    expect(failed?.reason).toMatch(/property "limit accepted" failed .*answered 500, expected 200/);
    expect(failed?.reproduction).toContain('limit=11');
    expect(failed?.reproduction).toContain('$CONFORM_API_KEY');
    expect(JSON.stringify(result)).not.toContain('test-key-planted-123');
  });
});

describe('requirements matrix', () => {
  it('lists every catalogue requirement with the worst status of its checks', async () => {
    const result = await run(healthyUserMe, [
      check({ id: 'T-OK', requirements: ['MSG-LIST-LIMIT-MAX'], run: async () => {} }),
      check({ id: 'T-BAD', requirements: ['MSG-LIST-LIMIT-MAX'], run: async (ctx) => ctx.fail('no') }),
    ]);
    const row = result.requirements.find((r) => r.id === 'MSG-LIST-LIMIT-MAX');
    expect(row).toMatchObject({ status: 'failed', covered: true, checks: ['T-BAD', 'T-OK'] });
    expect(result.requirements.find((r) => r.id === 'WH-EVENTS-MIN')).toMatchObject({ status: 'not-covered', covered: false });
    // a requirement spec/requirements.yaml marks as beyond a black-box harness shows why, and counts apart
    const noCost = result.requirements.find((r) => r.id === 'SIM-NO-COST');
    expect(noCost).toMatchObject({ status: 'uncheckable', covered: false });
    expect(noCost?.uncheckable).toMatch(/billing/);
    // MSG-LIST-LIMIT-MAX plus the connection check's USER-ME-CONNECTION and AUTH-API-KEY-HEADER
    expect(result.summary.requirements.covered).toBe(3);
    const { total, uncheckable = 0, percent } = result.summary.requirements;
    expect(uncheckable).toBeGreaterThan(0);
    expect(percent).toBe(Math.round((3 / (total - uncheckable)) * 1000) / 10);
    expect(result.target).toMatchObject({ name: 'simulator', profile: 'simulator', baseUrl: stub?.url });
    expect(result.target.startupMs).toBeGreaterThanOrEqual(0);
  });
});

describe('exclusive checks', () => {
  it('run alone: no other check is in flight while an exclusive one runs', async () => {
    let inFlight = 0;
    const overlaps: string[] = [];
    const timed = (id: string, exclusive: boolean) =>
      check({
        id,
        exclusive,
        async run(ctx) {
          ctx.evidence('timing only');
          inFlight++;
          if (exclusive && inFlight > 1) overlaps.push(id);
          await sleep(20);
          if (!exclusive && inFlight > 1 && overlaps.length === 0) overlaps.push('');
          inFlight--;
        },
      });
    const checks = [timed('T-A', false), timed('T-X', true), timed('T-B', false), timed('T-C', false), timed('T-Y', true)];
    const result = await run(healthyUserMe, checks, { concurrency: 4 });
    expect(result.checks.every((c) => c.status === 'passed')).toBe(true);
    expect(overlaps.filter((id) => id !== '')).toEqual([]);
    // the ordinary checks did run concurrently (the flag changes something)
    expect(overlaps).toContain('');
  });
});

describe('concurrency', () => {
  it("runs 16 checks at once without a listener-leak warning (each running check listens for the run's stop)", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const ids = [...Array(16)].map((_, i) => `T-WIDE-${i}`);
      const result = await run(
        healthyUserMe,
        ids.map((id) => check({ id, run: (ctx) => (ctx.evidence('timing only'), sleep(30)) })),
        { concurrency: 16 },
      );
      expect(result.checks.filter((c) => c.id.startsWith('T-WIDE-')).map((c) => c.status)).toEqual(ids.map(() => 'passed'));
      // warnings are emitted on the next tick
      await sleep(10);
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('lifecycle watchers at once (decision 0008)', () => {
  // watchers that only wait: how many ran at once, and what the stage event said
  async function watchersAtOnce(lifecycleStepMs: number | undefined): Promise<{ peak: number; atOnce: number | undefined }> {
    stub = await startStub(healthyUserMe);
    const base = urlTarget(stub.url, profileFor('simulator'), { growth: 'test-key-planted-123' });
    const target = lifecycleStepMs === undefined ? base : { ...base, lifecycleStepMs };
    let running = 0;
    let peak = 0;
    const watchers = [...Array(20)].map((_, i) =>
      check({
        id: `T-WATCH-${i}`,
        watchesLifecycle: true,
        async run(ctx) {
          peak = Math.max(peak, ++running);
          await sleep(20);
          running--;
          ctx.evidence('timing only');
        },
      }),
    );
    let atOnce: number | undefined;
    const registry = new CheckRegistry().register(userMeConnection, ...watchers.map(defineCheck));
    const result = await runConformance({ target, registry, seed: 42, runs: 20, onEvent: (e) => void (e.type === 'stage' && (atOnce = e.atOnce)) });
    expect(result.checks.filter((c) => c.id.startsWith('T-WATCH-')).map((c) => c.status)).toEqual(watchers.map(() => 'passed'));
    return { peak, atOnce };
  }

  it("runs 16 at once against a target whose lifecycle it does not know, the run's concurrency when a step takes milliseconds", async () => {
    expect(await watchersAtOnce(undefined)).toEqual({ peak: 16, atOnce: 16 });
    await stub?.close();
    expect(await watchersAtOnce(5)).toEqual({ peak: 4, atOnce: 4 });
    await stub?.close();
    // a step of a second (the simulator's default) is a slow lifecycle: the watchers overlap
    expect(await watchersAtOnce(1000)).toEqual({ peak: 16, atOnce: 16 });
  });
});

describe('requirement attribution', () => {
  const row = (result: Awaited<ReturnType<typeof run>>, id: string) => result.requirements.find((r) => r.id === id);

  it('marks only the requirement a schema keyword names failed; the rest of the check is unproven, not failed', async () => {
    // a message with a status outside the enum: the Message schema's status enum cites MSG-STATUS-ENUM
    const schemaCheck = check({
      id: 'T-SCHEMA',
      requirements: ['MSG-GET-RESPONSE', 'MSG-STATUS-ENUM', 'ERR-SUCCESS-2XX'],
      async run(ctx) {
        ctx.expectSchema(await ctx.http.request({ path: '/v1/messages/m1' }), 'Message');
      },
    });
    const message = {
      id: 'm1',
      to: '+14155550100',
      from: '+14155550199',
      message: 'hi',
      status: 'bounced',
      direction: 'outbound',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const result = await run((req, res) => healthyUserMe(req, res) ?? [200, message], [schemaCheck]);
    const failed = result.checks.find((c) => c.id === 'T-SCHEMA');
    expect(failed?.status).toBe('failed');
    expect(failed?.violated).toEqual(['MSG-STATUS-ENUM']);
    expect(row(result, 'MSG-STATUS-ENUM')).toMatchObject({ status: 'failed', checks: ['T-SCHEMA'] });
    for (const id of ['MSG-GET-RESPONSE', 'ERR-SUCCESS-2XX']) expect(row(result, id)?.status).toBe('unproven');
  });

  it('names a requirement the check does not cite when the keyword does', async () => {
    const narrow = check({
      id: 'T-NARROW',
      requirements: ['MSG-GET-RESPONSE'],
      async run(ctx) {
        ctx.expectSchema(await ctx.http.request({ path: '/v1/messages/m1' }), 'Message');
      },
    });
    const result = await run((req, res) => healthyUserMe(req, res) ?? [200, { id: 'm1' }], [narrow]);
    expect(result.checks.find((c) => c.id === 'T-NARROW')?.violated).toEqual(['MSG-FIELDS-REQUIRED']);
    expect(row(result, 'MSG-FIELDS-REQUIRED')).toMatchObject({ status: 'failed', checks: ['T-NARROW'] });
    expect(row(result, 'MSG-GET-RESPONSE')?.status).toBe('unproven');
  });

  it('a failing check that cites one requirement shows that one broken; a wider check names the one it shows broken', async () => {
    const single = check({ id: 'T-ONE', requirements: ['MSG-GET-UNKNOWN-4XX'], run: (ctx) => ctx.fail('answered 200') });
    const wide = check({ id: 'T-WIDE', requirements: ['WH-FIELDS', 'WH-ID-UUID'], run: (ctx) => ctx.fail('the id is no uuid', 'WH-ID-UUID') });
    const result = await run(healthyUserMe, [single, wide]);
    expect(result.checks.find((c) => c.id === 'T-ONE')?.violated).toEqual(['MSG-GET-UNKNOWN-4XX']);
    expect(result.checks.find((c) => c.id === 'T-WIDE')?.violated).toEqual(['WH-ID-UUID']);
    expect(row(result, 'WH-ID-UUID')?.status).toBe('failed');
    expect(row(result, 'WH-FIELDS')?.status).not.toBe('failed');
  });

  it('an expectation of a wider check that names no requirement is a harness error, even when it holds (issue 16)', async () => {
    const silent = check({ id: 'T-SILENT', requirements: ['WH-FIELDS', 'WH-ID-UUID'], run: async (ctx) => ctx.expect(true, 'fine') });
    const spelled = check({ id: 'T-SPELLED', requirements: ['WH-FIELDS'], run: async (ctx) => ctx.expect(true, 'fine (WH-FIELDS)') });
    const result = await run(healthyUserMe, [silent, spelled]);
    expect(result.checks.find((c) => c.id === 'T-SILENT')).toMatchObject({
      status: 'errored',
      reason: expect.stringMatching(/cites WH-FIELDS, WH-ID-UUID: say which one/),
    });
    expect(result.checks.find((c) => c.id === 'T-SPELLED')).toMatchObject({ status: 'errored', reason: expect.stringMatching(/names WH-FIELDS/) });
  });
});
