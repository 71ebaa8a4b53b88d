import { validate } from '../../spec/index.js';
import type { Operation, ValidationIssue } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { schemaDetails } from '../checks/index.js';
import type { CheckContext, Level } from '../checks/index.js';
import { successResponse } from './operation-facts.js';
import { levelOf, successStatusRequirement } from './requirement-picks.js';

/** How an answer is graded: the spec's own rules (must), or the DESIGN.md §4 decisions (status, assumed shape). */
export type Grade = 'must' | 'status' | 'assumed';

/** Grades one answer of a valid request; throws a CheckFailure (via ctx) on the first finding. */
export function gradeSuccess(ctx: CheckContext, operation: Operation, exchange: Exchange, grade: Grade): void {
  switch (grade) {
    case 'must':
      ctx.expectStatus(exchange, '2xx', undefined, { requirements: refusedBreaks(ctx, exchange) });
      expectJsonBody(ctx, exchange);
      expectIssues(ctx, operation, exchange, (issue) => issueLevel(issue) === 'must', 'its schema', true);
      return;
    case 'status':
      ctx.expectStatus(exchange, operation.successStatus, 'DESIGN.md §4 success status', successStatusRequirement(operation));
      expectContentType(ctx, operation, exchange);
      return;
    case 'assumed':
      // without a 2xx there is no answer whose decided shape could be judged: that fails the must check, not this one
      if (exchange.status === undefined || exchange.status < 200 || exchange.status >= 300) return;
      expectIssues(ctx, operation, exchange, (issue) => issueLevel(issue) === 'should', 'the DESIGN.md §4 parts of its schema', false);
  }
}

/** spec §4 "Bodies are JSON": a body that is present must parse (ERR-BODY-JSON). */
function expectJsonBody(ctx: CheckContext, exchange: Exchange): void {
  if (exchange.bodyText.trim() === '') return;
  ctx.expect(exchange.json !== undefined, `the answer body is not JSON (${exchange.jsonError ?? 'unparsable'}): ${exchange.bodyText.slice(0, 200)}`, {
    exchange,
    requirements: ['ERR-BODY-JSON'],
  });
}

function expectIssues(
  ctx: CheckContext,
  operation: Operation,
  exchange: Exchange,
  counts: (issue: ValidationIssue) => boolean,
  what: string,
  requireBody: boolean,
): void {
  const response = successResponse(operation);
  if (response?.schemaName === undefined) return;
  if (exchange.json === undefined) {
    // an empty or non-JSON body fails the must grade; the assumed grade has nothing to add then
    ctx.expect(!requireBody, `the answer has no JSON body; ${operation.id} answers ${response.schemaName}`, { exchange, requirements: ['ERR-BODY-JSON'] });
    return;
  }
  const issues = validate(response.schemaName, exchange.json).issues.filter(counts);
  if (issues.length === 0) return;
  const shown = issues.slice(0, 5).map(describeIssue).join('; ');
  // each issue shows its keyword's x-requirements broken; an uncited keyword, the operation's answer requirement
  const requirements = [...new Set(issues.map((issue) => issue.requirement ?? issueFallback(ctx, operation, issue)))];
  ctx.fail(`the answer does not match ${what} (${response.schemaName}): ${shown}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}`, {
    exchange,
    ...schemaDetails(issues),
    requirements,
  });
}

/** A documented body comes as application/json (ERR-JSON-CONTENT-TYPE); a documented empty answer has no body. */
function expectContentType(ctx: CheckContext, operation: Operation, exchange: Exchange): void {
  const documented = successResponse(operation)?.schema !== undefined;
  if (!documented) {
    ctx.expect(exchange.bodyText === '', `${operation.id} answers without a body, but this one carries ${exchange.bodyText.slice(0, 200)}`, {
      exchange,
      requirements: [successStatusRequirement(operation)],
    });
    return;
  }
  const type = exchange.headers['content-type'] ?? '(none)';
  ctx.expect(/^application\/json\s*(;|$)/i.test(type), `the answer's Content-Type is ${type}, expected application/json`, {
    exchange,
    requirements: ['ERR-JSON-CONTENT-TYPE'],
  });
}

/** The level a validation issue counts at: assumed (DESIGN.md §4) parts and should-level citations never fail a must check. */
export function issueLevel(issue: ValidationIssue): Level {
  if (issue.assumed) return 'should';
  return issue.requirement === undefined ? 'must' : levelOf(issue.requirement);
}

function describeIssue(issue: ValidationIssue): string {
  return `${issue.path || '/'} ${issue.keyword}: ${issue.message}`;
}

/** A valid request refused breaks ERR-SUCCESS-2XX; a 404/405 (no such route) also shows the /v1 path not served (spec §9). */
function refusedBreaks(ctx: CheckContext, exchange: Exchange): string[] {
  const noRoute = (exchange.status === 404 || exchange.status === 405) && ctx.check.requirements.includes('VER-PATH-PREFIX');
  return noRoute ? ['ERR-SUCCESS-2XX', 'VER-PATH-PREFIX'] : ['ERR-SUCCESS-2XX'];
}

// spec §2.1's rules by field and keyword, for keywords without x-requirements: the string fields' types, to's E.164
// format, created_at's date-time, the enums; a missing field breaks the table's required fields
const stringFields = new Set(['id', 'to', 'from', 'message', 'platform_message_id']);
const formatRules: Readonly<Record<string, string>> = {
  to: 'MSG-FIELD-TO-E164',
  created_at: 'MSG-CREATED-AT-DATETIME',
  status: 'MSG-STATUS-ENUM',
  direction: 'MSG-DIRECTION-ENUM',
};

function tableRules(issue: ValidationIssue): string[] {
  const field = issue.path.split('/').at(-1) ?? '';
  if (issue.keyword === 'required') return ['MSG-FIELDS-REQUIRED', 'WH-FIELDS'];
  if (issue.keyword === 'type' && stringFields.has(field)) return ['MSG-FIELD-TYPES'];
  const rule = ['format', 'pattern', 'enum'].includes(issue.keyword) ? formatRules[field] : undefined;
  return rule ? [rule] : [];
}

/**
 * What an issue of an uncited keyword shows broken, among the check's requirements: at the root the envelope (a list
 * that is no {data, pagination}, a bare array that is wrapped), inside it the table rule of its keyword, else the
 * operation's answer requirement, else the check's first.
 */
function issueFallback(ctx: CheckContext, operation: Operation, issue: ValidationIssue): string {
  const cited = ctx.check.requirements;
  const keys = issue.path === '' || issue.path === '/' ? ['envelope', 'bareArray', 'response', 'success'] : ['response', 'success', 'envelope', 'bareArray'];
  const byKeyword = issue.path === '' || issue.path === '/' ? undefined : tableRules(issue).find((id) => cited.includes(id));
  const answer = keys.map((key) => operation.requirements[key]).find((id) => id !== undefined && cited.includes(id));
  return byKeyword ?? answer ?? (cited.includes('ERR-BODY-JSON') ? 'ERR-BODY-JSON' : (cited[0] as string));
}
