import type { Operation } from '../../spec/index.js';
import { requirementById } from '../../spec/requirements.js';
import { levelOf, shapeRequirements, successResponse } from '../../rules/index.js';
import type { Level } from '../checks/index.js';
import { positiveCitations } from './spec-citations.js';

/** The least strict of the levels: a check may not be stricter than any requirement it cites. */
export function loosest(...levels: Level[]): Level {
  return levels.includes('observe') ? 'observe' : levels.includes('should') ? 'should' : 'must';
}

/** The requirements of the must-level positive check: 2xx, JSON bodies, the must-level shape ids and the uncited ones. */
export function positiveRequirements(operation: Operation): string[] {
  const body = successResponse(operation)?.schema !== undefined ? ['ERR-BODY-JSON'] : [];
  const must = shapeRequirements(operation).filter((id) => levelOf(id) === 'must');
  return unique(['ERR-SUCCESS-2XX', ...body, ...must, ...positiveCitations(operation)]);
}

/** The id of the must-level 4xx twin of a should-level 404 requirement (MSG-GET-UNKNOWN-404 → MSG-GET-UNKNOWN-4XX). */
export function unknownIdRequirements(operation: Operation): { must: string; should?: string } {
  const notFound = operation.requirements.notFound;
  if (notFound === undefined) return { must: 'ERR-VALIDATION-4XX' };
  const twin = notFound.replace(/-404$/, '-4XX');
  const must = requirementById(twin) !== undefined ? twin : 'ERR-VALIDATION-4XX';
  return { must, should: notFound };
}

/** Operation requirement ids that name a required-ness rule of the body (e.g. `bothRequired`: WH-UPDATE-BOTH-REQUIRED). */
export function requiredRuleRequirements(operation: Operation): string[] {
  return Object.entries(operation.requirements)
    .filter(([key]) => /Required$/.test(key))
    .map(([, id]) => id);
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
