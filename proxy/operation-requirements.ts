import type { Operation } from '../spec/index.js';
import { assumedRequirements, shapeRequirements, successStatusRequirement } from '../suites/contract/requirement-picks.js';

/** What a valid success answer of an operation proves, as the contract suites pick it (suites/contract/requirement-picks.ts). */
export interface OperationRequirements {
  readonly shape: readonly string[];
  readonly assumed: readonly string[];
  readonly successStatus: string;
}

// the picks walk the operation's schemas and the gaps catalogue: worked out once per operation, not per exchange
const cache = new Map<string, OperationRequirements>();

/** The requirement picks of an operation, cached. */
export function operationRequirements(operation: Operation): OperationRequirements {
  let picks = cache.get(operation.id);
  if (picks === undefined) {
    picks = { shape: shapeRequirements(operation), assumed: assumedRequirements(operation), successStatus: successStatusRequirement(operation) };
    cache.set(operation.id, picks);
  }
  return picks;
}
