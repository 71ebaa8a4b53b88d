import { describe, expect, it } from 'vitest';
import { conformWithResults } from '../helpers/run-conform.js';
import { startPartialTarget } from '../support/partial-target.js';

// issue 34: a target where no operation accepts valid input left the model no step to draw, and fast-check's
// "fc.oneof expects at least one weighted arbitrary" surfaced as two errored checks
describe('the model against a target that answers 404 (JSON) to every /v1 path', () => {
  it('blocks both model checks behind the sends, with no internal error', async () => {
    const partial = await startPartialTarget({ missing: [{ path: '/v1/**' }] });
    try {
      const { result, ...run } = await conformWithResults(
        ['--target', partial.baseUrl, '--profile', 'simulator', '--receiver-port', '0', '--seed', '5'],
        'model-nothing-',
      );
      expect(run.code).toBe(1);
      for (const id of ['MODEL-MESSAGING-MUST', 'MODEL-MESSAGING-SHOULD']) {
        const check = result.checks.find((c) => c.id === id);
        expect({ id, status: check?.status, blockedBy: check?.blockedBy }).toEqual({ id, status: 'blocked', blockedBy: 'CONTRACT-SENDMESSAGE-POSITIVE' });
      }
      expect(result.checks.filter((c) => c.status === 'errored').map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
      expect(run.stdout + run.stderr).not.toMatch(/fc\.oneof/);
    } finally {
      await partial.stop();
    }
  }, 120_000);
});
