import { gaps } from '../../spec/gaps.js';
import type { Operation } from '../../spec/index.js';
import { requirementById } from '../../spec/requirements.js';
import type { JsonSchema } from '../arbitraries/index.js';
import type { Level } from '../checks/index.js';
import { successResponse } from './operation-facts.js';
import { assumedSections, citedRequirements } from './schema-tools.js';
import { positiveCitations } from './spec-citations.js';

/** Keys of an operation's `x-requirements` that a valid success answer proves (the others are behaviour). */
const shapeKeys = ['response', 'success', 'envelope', 'bareArray', 'secret', 'warning', 'fields'];

// DESIGN.md §4 success codes (spec/gaps.yaml GAP-SUCCESS-CODES): openapi.yaml does not cite them per operation, so an
// operation can name its own with `x-requirements: { successStatus: <ID> }`; otherwise the decision's requirement by
// method and status applies.
const successCodeRequirements: Readonly<Record<string, string>> = {
  sendMessage: 'MSG-SEND-STATUS-201',
  sendTemplateMessage: 'TPL-STATUS-201',
  createWebhook: 'WH-CREATE-STATUS-201',
  deleteWebhook: 'WH-DELETE-NO-BODY',
};

/** The level of a requirement (must when unknown: the registry rejects unknown ids anyway). */
export function levelOf(id: string): Level {
  return requirementById(id)?.level ?? 'must';
}

/** The least strict of the levels: a check may not be stricter than any requirement it cites. */
export function loosest(...levels: Level[]): Level {
  return levels.includes('observe') ? 'observe' : levels.includes('should') ? 'should' : 'must';
}

/** Requirement ids a valid success answer of the operation proves (operation shape keys + its schema's citations). */
export function shapeRequirements(operation: Operation): string[] {
  const fromOperation = shapeKeys.map((key) => operation.requirements[key]).filter((id): id is string => id !== undefined);
  const schema = successResponse(operation)?.schema;
  const fromSchema = typeof schema === 'object' ? citedRequirements(schema as JsonSchema) : [];
  return unique([...fromOperation, ...fromSchema]);
}

/** The requirements of the must-level positive check: 2xx, JSON bodies, the must-level shape ids and the uncited ones. */
export function positiveRequirements(operation: Operation): string[] {
  const body = successResponse(operation)?.schema !== undefined ? ['ERR-BODY-JSON'] : [];
  const must = shapeRequirements(operation).filter((id) => levelOf(id) === 'must');
  return unique(['ERR-SUCCESS-2XX', ...body, ...must, ...positiveCitations(operation)]);
}

/** The should-level requirement of the operation's DESIGN §4 success status. */
export function successStatusRequirement(operation: Operation): string {
  return operation.requirements.successStatus ?? successCodeRequirements[operation.id] ?? 'ERR-READ-STATUS-200';
}

/**
 * The requirements of the assumed parts of the success answer: its should/observe-level shape ids, and for each
 * `x-assumed` schema with a spec section the first requirement of the gap of that section (spec/gaps.yaml lists the
 * requirement stating the decided shape first). Empty when nothing of the answer is assumed.
 */
export function assumedRequirements(operation: Operation): string[] {
  const schema = successResponse(operation)?.schema;
  if (typeof schema !== 'object') return [];
  const sections = assumedSections(schema as JsonSchema);
  const fromGaps = gaps
    .filter((gap) => gap.treatment !== 'unchecked' && sections.includes(gap.section) && gap.requirements.length > 0)
    .map((gap) => gap.requirements[0] as string);
  const own = shapeRequirements(operation).filter((id) => levelOf(id) !== 'must');
  return unique([...own, ...fromGaps]);
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
