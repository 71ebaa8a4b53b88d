import type { Operation } from '../spec/index.js';
import { validate } from '../spec/index.js';
import type { AnswerBody } from './answer-body.js';
import { isJsonType } from './answer-body.js';
import { issueLevel, operationRequirements, successResponse } from './contract-picks.js';
import { fail, pass, verdict } from './finding.js';
import type { Finding } from './finding.js';
import { describeIssue, issueFindings, issueRequirement, pick } from './schema-findings.js';

/** An answer as the graders read it: status, lower-case headers, the body read once. */
export interface AnswerView {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: AnswerBody;
}

// DESIGN.md §4 error body: the code each status carries (observe level: recorded, never failing)
const errorCodes: Readonly<Record<number, readonly string[]>> = {
  400: ['validation_error'],
  401: ['unauthorized'],
  402: ['tier_not_allowed'],
  404: ['not_found'],
  409: ['idempotency_conflict'],
  422: ['idempotency_conflict', 'validation_error'],
  429: ['rate_limited'],
};

/** Operations whose answers carry the signing secret (spec §2.3: create and rotate only). */
const secretBearers = new Set(['createWebhook', 'rotateWebhookSecret']);

/** The requirement a secret in this operation's answer breaks (spec §2.3, §4.2). */
function secretRequirement(operation: Operation): string {
  if (operation.id === 'listWebhooks') return 'WH-LIST-NO-SECRET';
  if (operation.id === 'updateWebhook') return 'WH-UPDATE-NO-SECRET';
  return 'WH-SECRET-ONCE';
}

/**
 * The must-level grade of a 2xx answer to a valid request: a body that is present parses as JSON (spec §4 "Bodies
 * are JSON"), a documented body is there, and the spec's own parts of its schema hold. `cited` narrows the
 * requirement of an uncited keyword to a check's requirements (schema-findings.ts issueRequirement).
 */
export function gradeMustShape(operation: Operation, answer: AnswerView, cited?: readonly string[]): Finding[] {
  const { body } = answer;
  const findings: Finding[] = [];
  if (!body.empty) findings.push(verdict('ERR-BODY-JSON', body.isJson, () => `the answer body is not JSON: ${body.text.slice(0, 200)}`));
  const response = successResponse(operation);
  if (response?.schemaName === undefined || (!body.empty && !body.isJson)) return findings;
  if (body.empty) {
    const requirement = pick([...(operation.requirements.response === undefined ? [] : [operation.requirements.response]), 'ERR-BODY-JSON'], cited);
    return [...findings, fail(requirement, `the answer has no body; ${operation.id} answers ${response.schemaName}`)];
  }
  const issues = validate(response.schemaName, body.json).issues.filter((issue) => !isSecretPath(issue.path) && issueLevel(issue) === 'must');
  if (issues.length === 0) return [...findings, ...operationRequirements(operation).shape.map(pass)];
  return [...findings, ...issueFindings(issues, (issue) => issueRequirement(operation, issue, cited), response.schemaName)];
}

/**
 * The DESIGN.md §4 grade of a 2xx answer: the decided success status, and application/json for a documented body
 * or no body at all for an operation that answers none. No findings for a refusal: a 4xx to valid input breaks
 * ERR-SUCCESS-2XX and the rule of the part refused (the must grade), not which 2xx a success carries (issue 34).
 */
export function gradeSuccessStatus(operation: Operation, answer: AnswerView): Finding[] {
  if (answer.status < 200 || answer.status >= 300) return [];
  const requirement = operationRequirements(operation).successStatus;
  const findings = [
    verdict(requirement, answer.status === operation.successStatus, () => `answered ${answer.status}; DESIGN.md §4 decides ${operation.successStatus}`),
  ];
  if (successResponse(operation)?.schema === undefined) {
    findings.push(
      verdict(requirement, answer.body.text === '', () => `${operation.id} answers without a body, but this one carries ${answer.body.text.slice(0, 200)}`),
    );
    return findings;
  }
  const type = answer.headers['content-type'];
  findings.push(verdict('ERR-JSON-CONTENT-TYPE', isJsonType(type), () => `the answer's Content-Type is ${type ?? '(none)'}, expected application/json`));
  return findings;
}

/**
 * The grade of the parts of a 2xx answer DESIGN.md §4 decides where the spec is silent (x-assumed, should-level
 * citations). No findings at all, neither pass nor fail, when there is nothing to judge (DESIGN.md §3 "Evidence or
 * nothing"): a refusal, or an answer that is not the spec's shape (a list without `data` has no decided parts). That
 * fails the must grade, not this one; a caller must not read "no failure" as a pass.
 */
export function gradeAssumedShape(operation: Operation, answer: AnswerView, cited?: readonly string[]): Finding[] {
  if (answer.status < 200 || answer.status >= 300) return [];
  const response = successResponse(operation);
  if (response?.schemaName === undefined || !answer.body.isJson) return [];
  const all = validate(response.schemaName, answer.body.json).issues.filter((issue) => !isSecretPath(issue.path));
  if (all.some((issue) => issueLevel(issue) === 'must')) return [];
  const issues = all.filter((issue) => issueLevel(issue) !== 'must');
  if (issues.length === 0) return operationRequirements(operation).assumed.map(pass);
  return issueFindings(issues, (issue) => issueRequirement(operation, issue, cited), response.schemaName);
}

/** Findings of the answer to a valid request that the target accepted (2xx): every grade above. */
export function gradeSuccess(operation: Operation, answer: AnswerView): Finding[] {
  return [
    pass('ERR-SUCCESS-2XX'),
    pass('VER-PATH-PREFIX'),
    ...gradeSuccessStatus(operation, answer),
    ...gradeMustShape(operation, answer),
    ...gradeAssumedShape(operation, answer),
  ];
}

/** Findings of an error answer (4xx/5xx): JSON body, Content-Type, the DESIGN.md §4 error body and its code. */
export function gradeError(operation: Operation, answer: AnswerView): Finding[] {
  const { body } = answer;
  const findings = [verdict('ERR-NO-5XX', answer.status < 500, () => `answered ${answer.status}`)];
  if (body.empty) return findings;
  const type = answer.headers['content-type'];
  findings.push(
    verdict('ERR-BODY-JSON', body.isJson, () => `the body is not JSON: ${body.text.slice(0, 80)}`),
    verdict('ERR-JSON-CONTENT-TYPE', isJsonType(type), () => `Content-Type is ${type ?? '(none)'}, expected application/json`),
  );
  if (!body.isJson) return findings;
  const schemaName = operation.responses[String(answer.status)]?.schemaName ?? 'ErrorBody';
  const issues = validate(schemaName, body.json).issues;
  // spec §7 does not show the error body: DESIGN.md §4's is expected, RFC 7807 problem details are the standard one
  findings.push(
    verdict(
      'ERR-BODY-SHAPE',
      issues.length === 0 || isProblemDetails(body.json, answer.status),
      () => `the error body does not match ${schemaName}: ${issues.slice(0, 3).map(describeIssue).join('; ')}`,
    ),
  );
  const expected = errorCodes[answer.status];
  const code = (body.json as { error?: unknown } | null)?.error;
  if (expected !== undefined && typeof code === 'string') {
    findings.push(
      verdict(
        'ERR-ERROR-CODES',
        expected.includes(code),
        () => `a ${answer.status} carries error "${code.slice(0, 60)}"; DESIGN.md §4 decides ${expected.join(' or ')}`,
      ),
    );
  }
  return findings;
}

/** Findings on signing secrets in any JSON answer: only create and rotate may carry one (spec §2.3). */
export function gradeSecrets(operation: Operation, answer: AnswerView): Finding[] {
  if (secretBearers.has(operation.id) || !answer.body.isJson) return [];
  // the walk was a fifth of grading a page of 100 messages (issue 26 profile): only a text that names the field, or
  // escapes characters (a key could be spelt signing\u005fsecret), needs it
  const { text } = answer.body;
  const where = text.includes('signing_secret') || text.includes('\\u') ? secretPath(answer.body.json) : undefined;
  const requirement = secretRequirement(operation);
  if (where !== undefined) return [fail(requirement, `the answer carries ${where} (spec §2.3: only create and rotate answers carry the secret)`, where)];
  return answer.status < 300 ? [pass(requirement)] : [];
}

/** RFC 7807 problem details: a title or detail in words, and the answer's status when it gives one. */
function isProblemDetails(json: unknown, status: number): boolean {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return false;
  const problem = json as { title?: unknown; detail?: unknown; status?: unknown; type?: unknown };
  const words = typeof problem.title === 'string' || typeof problem.detail === 'string';
  return words && (problem.status === undefined || problem.status === status) && (problem.type === undefined || typeof problem.type === 'string');
}

function isSecretPath(path: string): boolean {
  return path.endsWith('/signing_secret');
}

/** The JSON pointer of the first signing_secret field in the value (depth-limited), if any. */
function secretPath(value: unknown, at = '', depth = 0): string | undefined {
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'signing_secret') return `${at}/${key}`;
    const found = secretPath(field, `${at}/${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
