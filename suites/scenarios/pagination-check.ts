import type { Check, CheckDefinition } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { ensureMessages } from './pagination-walk.js';

/** Messages the list must hold for three pages of 7 and a full default page of 20 (spec §4.1). */
export const paginationMinimum = 25;

/** A pagination scenario: it needs the list to itself (exclusive) and at least paginationMinimum messages in it. */
export function paginationCheck(definition: Omit<CheckDefinition, 'suite' | 'exclusive' | 'needs'>): Check {
  return defineCheck({
    ...definition,
    suite: 'scenarios/pagination',
    exclusive: true,
    // it reads the list's fields: it waits on the shape the list's positive baseline proves (DESIGN.md §3)
    uses: ['listMessages'],
    reads: ['id', 'created_at', 'data', 'pagination', 'page', 'limit', 'total', 'has_more'],
    needs: ['billable'],
    // plus the count read of ensureMessages (on an account already holding paginationMinimum messages; else it sends up to that many)
    ...(definition.estimate === undefined || typeof definition.estimate === 'function'
      ? {}
      : { estimate: { ...definition.estimate, requests: definition.estimate.requests + 1 } }),
    async run(ctx) {
      await ensureMessages(ctx, paginationMinimum);
      await definition.run(ctx);
    },
  });
}
