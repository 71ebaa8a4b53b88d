import type { Operation } from '../../spec/index.js';
import type { Check } from '../checks/index.js';
import { negativeChecks } from './negative-checks.js';
import { positiveChecks } from './positive-checks.js';
import { malformedJsonChecks, unknownIdChecks } from './special-refusals.js';
import { unlistedMethodChecks } from './unlisted-methods.js';

/** Every contract check of the operations, derived from their schemas (a new operation needs no new code). */
export function contractChecks(operations: readonly Operation[]): Check[] {
  return [
    ...operations.flatMap((operation) => [
      ...positiveChecks(operation),
      ...negativeChecks(operation),
      ...unknownIdChecks(operation),
      ...malformedJsonChecks(operation),
    ]),
    ...unlistedMethodChecks(operations),
  ];
}
