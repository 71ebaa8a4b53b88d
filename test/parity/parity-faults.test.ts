import { describe, expect, it } from 'vitest';
import { runPool } from '../../suites/engine/index.js';
import { referenceFaults } from '../../targets/index.js';
import { describeRows, differences, referenceParity } from './parity-helpers.js';

// faults of must/should requirements (an observe-level difference is one the spec does not decide) across areas: validation, shapes, pagination, tiers, idempotency, webhooks, deliveries, events, signatures, auth, rate limit
const faultIds = [
  'accepts-1601-chars',
  'missing-direction',
  'wrong-field-type',
  'accepts-limit-101',
  'starter-freeform-allowed',
  'different-body-replayed',
  'list-leaks-secret',
  'delete-returns-body',
  'status-code-zero',
  'delivered-before-sent',
  'payload-not-wrapped',
  'signature-base64',
  'any-key-in-production',
  '429-without-retry-after',
  'bad-json-500',
  'unknown-webhook-500',
];

describe('parity: reference vs the reference with a fault', () => {
  it(`shows each of ${faultIds.length} faults as a difference on its requirement, the spec pointing at B`, async () => {
    const catalogue = await referenceFaults();
    const outcomes = await runPool(faultIds, 2, async (id) => {
      const fault = catalogue.find((f) => f.id === id);
      if (!fault) throw new Error(`fault ${id} is not in the catalogue`);
      const result = await referenceParity({ faults: [id] }, { requirements: [fault.requirement] }, 4242, 5);
      const found = differences(result);
      const onRequirement = found.filter((row) => row.check?.requirements.includes(fault.requirement));
      const pointsAtB = onRequirement.filter((row) => row.spec?.verdict === 'b-breaks');
      return { id, requirement: fault.requirement, found, pointsAtB, labelled: found.filter((row) => row.expectedOfSimulator) };
    });
    for (const outcome of outcomes) {
      expect(
        outcome.pointsAtB.length,
        `${outcome.id} (${outcome.requirement}) not shown with verdict a-conforms:\n${describeRows(outcome.found)}`,
      ).toBeGreaterThan(0);
      // neither side is a simulator: nothing may be excused as expected of one
      expect(outcome.labelled).toEqual([]);
    }
  }, 400_000);
});
