import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { CheckFailure } from '../checks/index.js';
import { nameDifferences } from '../engine/name-differences.js';

/** A positive baseline's first 2xx answer in a wrong shape, kept while its later cases run (issue 34). */
export interface WrongShape {
  readonly failure: CheckFailure;
  readonly request: unknown;
  /** Which case of the property it was (1 = the plain request). */
  readonly at: number;
}

/** The failure of grading a 2xx answer, if any (kept for the end of the property), else undefined. */
export function firstWrongShape(grade: () => void, request: unknown, at: number): WrongShape | undefined {
  try {
    grade();
    return undefined;
  } catch (error) {
    if (error instanceof CheckFailure) return { failure: error, request, at };
    throw error;
  }
}

/** The kept wrong-shape failure, as the property's would read: the case, the seed, the counterexample. */
export function shapeFailure(operation: Operation, kept: WrongShape, seed: number): CheckFailure {
  const message = `property "valid ${operation.id} requests": case ${kept.at} (seed ${seed}): ${kept.failure.message}; counterexample: ${JSON.stringify(kept.request)}`;
  return new CheckFailure(message, { ...kept.failure.details, counterexample: kept.request, seed });
}

/** True when a 2xx answer differs from its schema by the target's own names (DESIGN.md §3 "Dialects"). */
export function namesDiffer(schemaName: string | undefined, exchange: Exchange): boolean {
  return schemaName !== undefined && exchange.json !== undefined && nameDifferences(schemaName, exchange.json).length > 0;
}
