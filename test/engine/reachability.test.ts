import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { profileFor, urlTarget } from '../../targets/index.js';
import { startStub } from '../harness/stub-server.js';
import type { Stub } from '../harness/stub-server.js';
import { conform } from '../helpers/run-conform.js';

let dir: string;
let stub: Stub | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reachability-'));
});
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** conform against a URL with the built-in checks only (quick), simulator profile; the outcome and results.json. */
async function conformBuiltin(url: string, name: string): Promise<{ code: number; stderr: string; result: RunResult }> {
  const out = join(dir, name);
  const run = await conform(
    [
      '--target',
      url,
      '--profile',
      'simulator',
      '--receiver-port',
      '0',
      '--suite',
      'builtin/*',
      '--request-timeout',
      '2000',
      '--reporter',
      'json',
      '--out',
      out,
    ],
    { CONFORM_API_KEY: 'reach-key-planted-77' },
  );
  // a set-up problem writes no report (issue 25): result is undefined then
  const written = await readFile(join(out, 'results.json'), 'utf8').catch(() => undefined);
  return { ...run, result: (written === undefined ? undefined : JSON.parse(written)) as RunResult };
}

describe('reachability (DESIGN.md §3: no single gate)', () => {
  it('a server that answers 404 to everything is reachable: the run proceeds and fails (exit 1, not 2)', async () => {
    stub = await startStub(() => [404, { error: 'not_found', message: 'nothing here' }]);
    const { code, result, stderr } = await conformBuiltin(stub.url, 'all-404');
    expect(code, stderr).toBe(1);
    expect(result.setupError).toBeUndefined();
    expect(result.checks.find((c) => c.id === 'USER-ME-CONNECTION')).toMatchObject({
      status: 'failed',
      reason: 'not implemented: GET /v1/user/me answered 404 to valid input: nothing here',
    });
    expect(result.checks.find((c) => c.id === 'USER-ME-SHAPE')).toMatchObject({ status: 'blocked', blockedBy: 'USER-ME-CONNECTION' });
    expect(result.operations.find((o) => o.operationId === 'getCurrentUser')).toMatchObject({ state: 'not-implemented', status: 404, message: 'nothing here' });
    // the probe's one request, then the checks: the probe counts in the run's budget
    expect(result.requestsSent).toBe(stub.requests.length);
  });

  it('a closed port is not reachable: exit 2, TARGET_UNREACHABLE, with how to fix it', async () => {
    const port = await freePort();
    const { code, stderr, result } = await conformBuiltin(`http://127.0.0.1:${port}`, 'closed');
    expect(code).toBe(2);
    // one line, no verdict and no report: nothing was learnt of the target
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^conform: target not reachable: GET http:\/\/127\.0\.0\.1:\d+\/v1\/user\/me failed: ECONNREFUSED.*To fix: start the target or fix the address/,
      ),
    ]);
    expect(result).toBeUndefined();
  });

  it('401 to everything is a refused key: exit 2, KEY_REFUSED, confirmed on a second route, key never printed', async () => {
    stub = await startStub(() => [401, { error: 'unauthorized', message: 'bad key reach-key-planted-77' }]);
    const { code, stderr, result } = await conformBuiltin(stub.url, 'refused');
    expect(code).toBe(2);
    expect(result).toBeUndefined();
    expect(stderr).toMatch(/the target refused the API key: GET \/v1\/user\/me answered 401 and GET \/v1\/messages\?limit=1 answered 401.*--api-key/);
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/user/me', 'GET /v1/messages?limit=1']);
    expect(stderr).not.toContain('reach-key-planted-77');
  });

  it('a 401 on /v1/user/me alone is not a refused key when the messages route answers', async () => {
    stub = await startStub((req) => (req.url.startsWith('/v1/user/me') ? [401, { error: 'unauthorized' }] : [200, { data: [], pagination: {} }]));
    const { code, result } = await conformBuiltin(stub.url, 'user-me-401');
    expect(code).toBe(1);
    expect(result.setupError).toBeUndefined();
    expect(result.checks.find((c) => c.id === 'USER-ME-CONNECTION')?.status).toBe('failed');
  });
});

describe('observe level (DESIGN.md §3: recorded and shown, never failing)', () => {
  it('an observe check that sees a deviation is noted, and the run still conforms (exit 0)', async () => {
    stub = await startStub(() => [200, { data: [] }]);
    const observe = defineCheck({
      id: 'T-OBSERVE-ERROR-SHAPE',
      title: 'an observe check',
      suite: 'test/observe',
      requirements: ['ERR-BODY-SHAPE'],
      level: 'observe',
      async run(ctx) {
        const exchange = await ctx.http.request({ method: 'GET', path: '/v1/messages' });
        ctx.expect((exchange.json as { pagination?: unknown }).pagination !== undefined, 'the list has no pagination object');
      },
    });
    const target = urlTarget(stub.url, profileFor('simulator'), { growth: 'k' });
    const result = await runConformance({ target, registry: new CheckRegistry().register(observe), seed: 1 });
    expect(result.checks[0]).toMatchObject({ status: 'noted', reason: 'the list has no pagination object' });
    expect(result.summary.byStatus).toMatchObject({ noted: 1, failed: 0 });
    expect(result.requirements.find((r) => r.id === 'ERR-BODY-SHAPE')).toMatchObject({ status: 'noted', covered: true });
    expect(result.rootCauses).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.verdict).toBe('conforms');
  });
});
