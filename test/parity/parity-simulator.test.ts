import { describe, expect, it } from 'vitest';
import { describeRows, differences, referenceParity } from './parity-helpers.js';

const selection = {
  suites: ['scenarios/auth', 'scenarios/rate-limit', 'scenarios/lifecycle', 'scenarios/signatures', 'scenarios/tiers', 'scenarios/pagination', 'contract/user'],
};

describe('parity: reference in production mode vs simulator mode', () => {
  it('differs exactly where the spec expects of a simulator (auth, rate limit, webhook URL), labelled as such', async () => {
    const result = await referenceParity({ mode: 'simulator' }, selection, 777, 3);
    const found = differences(result);
    const unexpected = found.filter((row) => !row.expectedOfSimulator);
    expect(unexpected, describeRows(unexpected)).toEqual([]);
    expect(result.differences.unexpected).toBe(0);
    expect(new Set(found.map((row) => row.expectedOfSimulator?.category))).toEqual(new Set(['auth', 'rate-limit', 'webhook-url']));
    // the production-only checks pass on A and are not asked of B: both conform, each to its profile
    for (const row of found) expect(row.spec?.verdict, describeRows([row])).toBe('both-conform');
    // the simulator's one configured URL got the events (spec §8), a run-wide behaviour
    const configured = found.find((row) => row.kind === 'run');
    expect(configured?.expectedOfSimulator?.category).toBe('webhook-url');
    expect(configured?.b).toMatch(/message\.sent/);
    expect(result.b.profile).toBe('simulator');
    expect(result.score.matching).toBeGreaterThan(0);
  }, 200_000);
});
