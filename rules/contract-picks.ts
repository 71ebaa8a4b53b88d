import { gaps } from '../spec/gaps.js';
import type { Operation, ValidationIssue } from '../spec/index.js';
import { requirementById } from '../spec/requirements.js';
import type { Level } from '../spec/requirements.js';
import { assumedSections, citedRequirements } from './schema-sites.js';
import type { SchemaNode } from './schema-sites.js';

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

/** The level a validation issue counts at: assumed (DESIGN.md §4) parts and should-level citations never fail a must check. */
export function issueLevel(issue: ValidationIssue): Level {
  if (issue.assumed) return 'should';
  return issue.requirement === undefined ? 'must' : levelOf(issue.requirement);
}

/** The documented success response (the one with the operation's success status). */
export function successResponse(operation: Operation): Operation['responses'][string] | undefined {
  return operation.responses[String(operation.successStatus)];
}

/** Requirement ids a valid success answer of the operation proves (operation shape keys + its schema's citations). */
export function shapeRequirements(operation: Operation): string[] {
  const fromOperation = shapeKeys.map((key) => operation.requirements[key]).filter((id): id is string => id !== undefined);
  const schema = successResponse(operation)?.schema;
  const fromSchema = typeof schema === 'object' ? citedRequirements(schema as SchemaNode) : [];
  return unique([...fromOperation, ...fromSchema]);
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
  const sections = assumedSections(schema as SchemaNode);
  const fromGaps = gaps
    .filter((gap) => gap.treatment !== 'unchecked' && sections.includes(gap.section) && gap.requirements.length > 0)
    .map((gap) => gap.requirements[0] as string);
  const own = shapeRequirements(operation).filter((id) => levelOf(id) !== 'must');
  return unique([...own, ...fromGaps]);
}

/** What a valid success answer of an operation proves, as the contract suites pick it. */
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

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
