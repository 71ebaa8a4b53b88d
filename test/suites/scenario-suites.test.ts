import { describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import { loadRegistry } from '../../suites/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { profileFor, referenceTarget, urlTarget } from '../../targets/index.js';
import type { ReferenceTargetOptions, Target } from '../../targets/index.js';

// the scenario modules of this area only (relative to suites/index.ts), plus the connection gate
const modules = [...['idempotency', 'tiers', 'templates', 'pagination', 'auth', 'rate-limit'].map((name) => `./scenarios/${name}.js`), './history/index.js'];

async function run(target: Target, suites: string[]): Promise<RunResult> {
  const registry = await loadRegistry(['./checks/builtin/index.js', ...modules]);
  return runConformance({ target, registry, selection: { suites }, seed: 7, runs: 5, timeoutMs: 20_000 });
}

const onReference = (suites: string[], options: ReferenceTargetOptions = {}): Promise<RunResult> => run(referenceTarget(options), suites);
const failing = (result: RunResult): string[] =>
  result.checks
    .filter((c) => c.status === 'failed' || c.status === 'errored')
    .map((c) => c.id)
    .sort();
const byId = (result: RunResult, id: string) => result.checks.find((c) => c.id === id);

describe('scenario suites against the clean reference', () => {
  it('every check passes; only simulator-profile checks are skipped', async () => {
    const result = await onReference(['scenarios/*']);
    expect(failing(result)).toEqual([]);
    const skipped = result.checks
      .filter((c) => c.status === 'skipped')
      .map((c) => c.id)
      .sort();
    // and the slow rate-limit recovery, which runs only when named
    expect(skipped).toEqual(['AUTH-SCENARIO-SIMULATOR-ANY-KEY', 'RATE-SCENARIO-RECOVERS', 'RATE-SCENARIO-SIMULATOR-NO-LIMIT']);
    expect(result.exitCode).toBe(0);
    // the rate-limit check really crossed the limit: 100 served + 1 refused + 1 on another key
    expect(byId(result, 'RATE-SCENARIO-LIMIT-100')?.exchanges).toBe(102);
  });

  it('a reference whose sends are slow answers 409 in flight, and the idempotency checks still pass', async () => {
    const result = await onReference(['scenarios/idempotency'], { extra: { sendDelayMs: 40 } });
    expect(failing(result)).toEqual([]);
    expect(byId(result, 'IDEM-SCENARIO-IN-FLIGHT-FREEFORM')?.logs?.join(' ')).toMatch(/[1-9]\d* answers 409/);
  });
});

describe('scenario suites catch the reference faults of their area', () => {
  const cases: [fault: string, suite: string, requirement: string, failed: string[]][] = [
    [
      'different-body-replayed',
      'scenarios/idempotency',
      'IDEM-BODY-MISMATCH-422',
      ['IDEM-SCENARIO-BODY-MISMATCH-FREEFORM', 'IDEM-SCENARIO-BODY-MISMATCH-TEMPLATE'],
    ],
    ['starter-freeform-allowed', 'scenarios/tiers', 'TIER-STARTER-FREEFORM-402', ['TIER-SCENARIO-STARTER-FREEFORM-402']],
    ['fallback-ignored', 'scenarios/templates', 'TPL-FALLBACK', ['TPL-SCENARIO-FALLBACK']],
    ['fallback-always-sent', 'scenarios/templates', 'TPL-FALLBACK', ['TPL-SCENARIO-FALLBACK']],
    // sequential retries replay: only the concurrent bursts see the second messages (and answers that are no replays)
    [
      'idempotency-claim-late',
      'scenarios/idempotency',
      'IDEM-NO-DUPLICATE',
      ['IDEM-SCENARIO-CONCURRENT-FREEFORM', 'IDEM-SCENARIO-CONCURRENT-TEMPLATE', 'IDEM-SCENARIO-IN-FLIGHT-FREEFORM', 'IDEM-SCENARIO-IN-FLIGHT-TEMPLATE'],
    ],
    [
      'idempotency-key-case-folded',
      'scenarios/idempotency',
      'IDEM-DISTINCT-KEYS',
      ['IDEM-SCENARIO-DISTINCT-KEYS-FREEFORM', 'IDEM-SCENARIO-DISTINCT-KEYS-TEMPLATE'],
    ],
    ['filter-ignored', 'history/messages', 'MSG-LIST-FILTER-STATUS', ['HISTORY-MESSAGE-FILTERS']],
    // an unknown key that is served also sends: the refused-send check sees the message it made
    [
      'any-key-in-production',
      'scenarios/auth',
      'AUTH-UNKNOWN-401',
      ['AUTH-SCENARIO-REFUSED-SEND-NO-EFFECT', 'AUTH-SCENARIO-UNKNOWN-KEY-401', 'AUTH-SCENARIO-UNKNOWN-KEY-REFUSED'],
    ],
    ['refused-write-runs', 'scenarios/auth', 'AUTH-PRODUCTION-REQUIRES-KEY', ['AUTH-SCENARIO-REFUSED-SEND-NO-EFFECT']],
    ['429-without-retry-after', 'scenarios/rate-limit', 'RATE-RETRY-AFTER', ['RATE-SCENARIO-RETRY-AFTER']],
    [
      'idempotency-key-truncated',
      'scenarios/idempotency',
      'IDEM-DISTINCT-KEYS',
      ['IDEM-SCENARIO-DISTINCT-KEYS-FREEFORM', 'IDEM-SCENARIO-DISTINCT-KEYS-TEMPLATE'],
    ],
  ];
  it.each(cases)('%s fails exactly the checks of its requirement', async (fault, suite, requirement, failed) => {
    const result = await onReference([suite], { faults: [fault] });
    expect(failing(result)).toEqual(failed);
    expect(result.checks.some((c) => c.status === 'failed' && c.requirements.includes(requirement))).toBe(true);
    expect(result.exitCode).toBe(1);
  });
});

describe('scenario suites against a simulator-mode reference', () => {
  async function onSimulator(faults: string[]): Promise<RunResult> {
    const server = await startReference({ mode: 'simulator', host: '127.0.0.1', port: 0, faults, ui: false, lifecycle: { stepMs: 5 } });
    try {
      return await run(urlTarget(server.url, profileFor('simulator'), {}), ['scenarios/auth', 'scenarios/rate-limit']);
    } finally {
      await server.stop();
    }
  }

  it('accepts any key and has no rate limit; production-only checks are skipped', async () => {
    const result = await onSimulator([]);
    expect(failing(result)).toEqual([]);
    expect(
      result.checks
        .filter((c) => c.status === 'passed')
        .map((c) => c.id)
        .sort(),
      // the Growth free-form send is sendMessage's baseline, run because the no-rate-limit check may probe with it
    ).toEqual(['AUTH-SCENARIO-SIMULATOR-ANY-KEY', 'RATE-SCENARIO-SIMULATOR-NO-LIMIT', 'TIER-SCENARIO-GROWTH-FREEFORM', 'USER-ME-CONNECTION']);
  });

  it('simulator-rate-limited fails SIM-NO-RATE-LIMIT', async () => {
    const result = await onSimulator(['simulator-rate-limited']);
    expect(failing(result)).toEqual(['RATE-SCENARIO-SIMULATOR-NO-LIMIT']);
    expect(byId(result, 'RATE-SCENARIO-SIMULATOR-NO-LIMIT')?.requirements).toEqual(['SIM-NO-RATE-LIMIT']);
  });
});

describe('the simulator no-rate-limit check probes the operations that work (DESIGN.md §3: probes fall through)', () => {
  async function onServer(works: (method: string, url: string) => boolean): Promise<{ result: RunResult; served: Map<string, number> }> {
    const { createServer } = await import('node:http');
    const served = new Map<string, number>();
    const server = createServer((req, res) => {
      const route = `${req.method ?? ''} ${req.url ?? ''}`;
      served.set(route, (served.get(route) ?? 0) + 1);
      const ok = works(req.method ?? '', req.url ?? '');
      res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        ok ? JSON.stringify({ id: 'u1', email: 'a@b.example', name: 'A', workspace_id: 'w1', created_at: new Date().toISOString() }) : '{"error":"not_found"}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await run(urlTarget(`http://127.0.0.1:${port}`, profileFor('simulator'), {}), ['builtin/connection', 'scenarios/rate-limit']);
      return { result, served };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('on a real loopback server where only GET /v1/user/me works (404 elsewhere), sends its 150 requests there and passes', async () => {
    const { result, served } = await onServer((method, url) => method === 'GET' && url === '/v1/user/me');
    expect(byId(result, 'USER-ME-CONNECTION')?.status).toBe('passed');
    expect(byId(result, 'RATE-SCENARIO-SIMULATOR-NO-LIMIT')).toMatchObject({ status: 'passed', exchanges: 150 });
    expect(served.get('GET /v1/user/me')).toBeGreaterThan(150);
    // sendMessage's baseline tried it once and got 404: the probes never did
    expect(served.get('POST /v1/messages')).toBe(1);
  });

  it('is blocked, sending nothing, when no operation it could probe works', async () => {
    const { result } = await onServer(() => false);
    expect(byId(result, 'RATE-SCENARIO-SIMULATOR-NO-LIMIT')).toMatchObject({ status: 'blocked', exchanges: 0 });
    expect(['USER-ME-CONNECTION', 'TIER-SCENARIO-GROWTH-FREEFORM']).toContain(byId(result, 'RATE-SCENARIO-SIMULATOR-NO-LIMIT')?.blockedBy);
  });
});
