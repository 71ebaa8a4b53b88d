import { describe, expect, it } from 'vitest';
import { describeRows, differences, referenceParity } from './parity-helpers.js';

// suites whose answers depend on timing (lifecycle, deliveries, polls, concurrent sends) and on generated data
const selection = { suites: ['contract/messages', 'scenarios/lifecycle', 'scenarios/deliveries', 'scenarios/idempotency', 'scenarios/pagination', 'model/*'] };

describe('parity: reference vs the same reference', () => {
  it('is 100% over 10 runs with different seeds (no false differences)', async () => {
    for (let run = 0; run < 10; run++) {
      const seed = 1000 + run * 7919;
      const result = await referenceParity({}, selection, seed, 2);
      const found = differences(result);
      expect(found, `seed ${seed}:\n${describeRows(found)}`).toEqual([]);
      expect(result.score.percent).toBe(100);
      expect(result.score.compared).toBeGreaterThan(100);
      expect(result.rows.some((row) => row.kind === 'deliveries' && row.compared)).toBe(true);
      expect(result.a.verdict).toBe('conforms');
    }
  }, 400_000);
});
