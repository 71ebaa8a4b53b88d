import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import type { CheckCost } from '../checks/index.js';
import { partSchema } from './contract-request.js';
import { creatorOf, deleterOf, listedMemberCreator, pathParameters, sendsMessages } from './operation-facts.js';
import { operationFixtures } from './operation-fixtures.js';

/**
 * What a contract check of an operation sends, counted from what FixtureResources and the check runners do: the
 * set-up (a listed member, a resource per path parameter, the prime call), one request per case plus the clean-up of
 * what a case creates, and the deletes of the set-up. The counts hold on a conforming target (a refused positive case
 * creates nothing to delete; a wrongly accepted negative one does).
 */
export interface ContractCost {
  /** The cost of `cases` cases that the target accepts (positive) or refuses (negative). */
  readonly cost: (cases: number, accepted: boolean) => CheckCost;
  /** True when the operation has query, header or body parts to vary (else every request is the same). */
  readonly varies: boolean;
}

/** The counting of an operation's contract checks. */
export function contractCost(operation: Operation): ContractCost {
  const created = [listedMemberCreator(operation), ...pathParameters(operation).map((param) => creatorOf(operation, param))].filter(
    (op): op is Operation => op !== undefined,
  );
  const prime = operationFixtures[operation.id]?.prime;
  const setup = created.length + (prime === undefined ? 0 : 1);
  const teardown = created.filter((op) => deleterOf(op) !== undefined).length;
  const setupSends = created.filter(sendsMessages).length + (prime !== undefined && sendsMessages(operationById(prime)) ? 1 : 0);
  // a DELETE consumes its resource: each case creates a fresh one and deletes it again afterwards (a 404 then)
  const perCase = operation.method === 'DELETE';
  const leavesResource = operation.method === 'POST' && deleterOf(operation) !== undefined;
  const varies = (['query', 'headers', 'body'] as const).some((location) => partSchema(operation, location) !== undefined);
  return {
    varies,
    cost: (cases, accepted) => {
      if (perCase && accepted) return { requests: cases * 3, sends: 0 };
      const each = 1 + (accepted && leavesResource ? 1 : 0);
      return { requests: setup + cases * each + teardown, sends: setupSends + (accepted && sendsMessages(operation) ? cases : 0) };
    },
  };
}
