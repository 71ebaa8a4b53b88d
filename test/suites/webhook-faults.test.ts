import { describe, expect, it } from 'vitest';
import { loadRegistry, runConformance } from '../../suites/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';

/** Runs the named checks of the webhook suites (their baselines come along) with the faults switched on. */
async function run(faults: string[], ids: string[]): Promise<RunResult> {
  const registry = await loadRegistry(['./checks/builtin/index.js', './scenarios/webhook-suites.js']);
  return runConformance({ target: referenceTarget({ faults }), registry, selection: { ids }, seed: 7 });
}

function failing(result: RunResult): string[] {
  return result.checks
    .filter((c) => c.status === 'failed' || c.status === 'errored')
    .map((c) => c.id)
    .sort();
}

function reasonOf(result: RunResult, id: string): string {
  return result.checks.find((c) => c.id === id)?.reason ?? '';
}

// issue 6: each must-level requirement of WH, DLV, EVT, SIG is broken by a fault that a check citing it catches
describe('webhook faults of the reference are caught by the check citing their requirement', () => {
  const cases: { fault: string; check: string; requirement: string; reason: RegExp }[] = [
    { fault: 'webhook-state-field', check: 'WEBHOOK-FIELDS-TYPED', requirement: 'WH-NO-STATE-FIELD', reason: /has a status field/ },
    { fault: 'deliveries-params-parse-int', check: 'DELIVERY-PARAM-NOT-INTEGER-REFUSED', requirement: 'DLV-PARAM-TYPES', reason: /page=2abc → 200/ },
    { fault: 'signing-secret-cached', check: 'SIGNATURE-PER-WEBHOOK', requirement: 'SIG-PER-WEBHOOK', reason: /webhook B does not verify with its own secret/ },
  ];
  for (const { fault, check, requirement, reason } of cases) {
    it(`${fault} → ${check} (${requirement})`, async () => {
      const result = await run([fault], [check]);
      expect(failing(result)).toEqual([check]);
      expect(result.checks.find((c) => c.id === check)?.requirements).toContain(requirement);
      expect(reasonOf(result, check)).toMatch(reason);
    }, 20_000);
  }

  it('the same checks pass against the clean reference', async () => {
    const result = await run(
      [],
      cases.map((c) => c.check),
    );
    expect(failing(result)).toEqual([]);
    expect(result.checks.filter((c) => c.status === 'passed').length).toBeGreaterThanOrEqual(cases.length);
  }, 20_000);
});
