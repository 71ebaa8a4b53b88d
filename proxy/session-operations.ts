import { operations } from '../spec/index.js';
import type { OperationRow } from '../results/run-result.js';
import type { OperationTraffic } from './session-tally.js';

/**
 * The operations overview of a passive session, from its traffic: works once a valid request got a 2xx (DESIGN.md §3
 * baseline); errored when the target only answered 5xx or not at all; not-tried otherwise (no traffic, or only
 * refusals, which say nothing about whether the operation works).
 */
export function sessionOperations(traffic: ReadonlyMap<string, OperationTraffic>): OperationRow[] {
  return operations.map((operation) => {
    const base = { operationId: operation.id, method: operation.method.toUpperCase(), path: operation.path };
    const seen = traffic.get(operation.id);
    if (seen === undefined || seen.exchanges === 0) return { ...base, state: 'not-tried' as const };
    if (seen.baselines > 0)
      return { ...base, state: 'works' as const, message: `${seen.baselines} of ${seen.exchanges} exchanges were valid requests answered 2xx` };
    const failing = seen.byClass['5xx'] + seen.byClass.none;
    if (failing === seen.exchanges) return { ...base, state: 'errored' as const, message: `all ${seen.exchanges} exchanges got a 5xx or no answer` };
    return { ...base, state: 'not-tried' as const, message: `${seen.exchanges} exchanges, none a valid request answered 2xx` };
  });
}
