import type { Operation, ValidationIssue } from '../spec/index.js';
import { validate } from '../spec/index.js';
import { issueLevel } from '../suites/contract/answer-grading.js';
import { successResponse } from '../suites/contract/operation-facts.js';
import { operationRequirements } from './operation-requirements.js';
import type { AnswerBody } from './answer-body.js';
import { isJsonType } from './answer-body.js';
import type { CapturedExchange } from './captured-exchange.js';
import { fail, pass, verdict } from './finding.js';
import type { Finding } from './finding.js';

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

/** Findings of the answer to a valid request that the target accepted (2xx): status, body, Content-Type, schema. */
export function gradeSuccess(operation: Operation, exchange: CapturedExchange & { status: number }, body: AnswerBody): Finding[] {
  const picks = operationRequirements(operation);
  const findings = [pass('ERR-SUCCESS-2XX'), pass('VER-PATH-PREFIX')];
  findings.push(
    verdict(
      picks.successStatus,
      exchange.status === operation.successStatus,
      () => `answered ${exchange.status}; DESIGN.md §4 decides ${operation.successStatus}`,
    ),
  );
  const response = successResponse(operation);
  if (response?.schemaName === undefined) {
    findings.push(verdict('WH-DELETE-NO-BODY', body.empty, () => `answered with a body (${body.text.length} bytes); expected none`));
    return findings;
  }
  if (body.empty)
    return [...findings, fail(operation.requirements.response ?? 'ERR-SUCCESS-2XX', `answered no body; ${operation.id} answers ${response.schemaName}`)];
  findings.push(...gradeJson(exchange, body));
  if (!body.isJson) return findings;
  const issues = validate(response.schemaName, body.json).issues.filter((issue) => !isSecretPath(issue.path));
  const must = issues.filter((issue) => issueLevel(issue) === 'must');
  const should = issues.filter((issue) => issueLevel(issue) !== 'must');
  if (must.length === 0) findings.push(...picks.shape.map(pass));
  findings.push(...attribute(must, (issue) => issue.requirement ?? operation.requirements.response ?? 'ERR-SUCCESS-2XX', response.schemaName));
  const assumed = picks.assumed;
  if (should.length === 0) findings.push(...assumed.map(pass));
  else
    findings.push(
      ...attribute(
        should,
        (issue) => (issue.requirement !== undefined && !issue.assumed ? issue.requirement : (assumed[0] ?? 'ERR-SUCCESS-2XX')),
        response.schemaName,
      ),
    );
  return findings;
}

/** Findings of an error answer (4xx/5xx): JSON body, Content-Type, the DESIGN.md §4 error body and its code. */
export function gradeError(operation: Operation, exchange: CapturedExchange & { status: number }, body: AnswerBody): Finding[] {
  const findings = [verdict('ERR-NO-5XX', exchange.status < 500, () => `answered ${exchange.status}`)];
  if (body.empty) return findings;
  findings.push(...gradeJson(exchange, body));
  if (!body.isJson) return findings;
  const schemaName = operation.responses[String(exchange.status)]?.schemaName ?? 'ErrorBody';
  const issues = validate(schemaName, body.json).issues;
  findings.push(
    verdict('ERR-BODY-SHAPE', issues.length === 0, () => `the error body does not match ${schemaName}: ${issues.slice(0, 3).map(describeIssue).join('; ')}`),
  );
  const expected = errorCodes[exchange.status];
  const code = (body.json as { error?: unknown } | null)?.error;
  if (expected !== undefined && typeof code === 'string') {
    findings.push(
      verdict(
        'ERR-ERROR-CODES',
        expected.includes(code),
        () => `a ${exchange.status} carries error "${code.slice(0, 60)}"; DESIGN.md §4 decides ${expected.join(' or ')}`,
      ),
    );
  }
  return findings;
}

/** Findings on signing secrets in any JSON answer: only create and rotate may carry one (spec §2.3). */
export function gradeSecrets(operation: Operation, exchange: CapturedExchange & { status: number }, body: AnswerBody): Finding[] {
  if (secretBearers.has(operation.id) || !body.isJson) return [];
  const where = secretPath(body.json);
  const requirement = secretRequirement(operation);
  if (where !== undefined) return [fail(requirement, `the answer carries ${where} (spec §2.3: only create and rotate answers carry the secret)`)];
  return exchange.status < 300 ? [pass(requirement)] : [];
}

/** spec §4 "Bodies are JSON" and DESIGN.md §4 Content-Type, for any answer with a body. */
function gradeJson(exchange: CapturedExchange, body: AnswerBody): Finding[] {
  const type = exchange.responseHeaders['content-type'];
  return [
    verdict('ERR-BODY-JSON', body.isJson, () => `the body is not JSON: ${body.text.slice(0, 80)}`),
    verdict('ERR-JSON-CONTENT-TYPE', isJsonType(type), () => `Content-Type is ${type ?? '(none)'}, expected application/json`),
  ];
}

/** One failure per requirement the issues break, naming up to three issues each. */
function attribute(issues: readonly ValidationIssue[], requirementOf: (issue: ValidationIssue) => string, schemaName: string): Finding[] {
  const byRequirement = new Map<string, ValidationIssue[]>();
  for (const issue of issues) {
    const id = requirementOf(issue);
    byRequirement.set(id, [...(byRequirement.get(id) ?? []), issue]);
  }
  return [...byRequirement].map(([id, list]) =>
    fail(
      id,
      `the answer does not match ${schemaName}: ${list.slice(0, 3).map(describeIssue).join('; ')}${list.length > 3 ? ` (+${list.length - 3} more)` : ''}`,
    ),
  );
}

function describeIssue(issue: ValidationIssue): string {
  return `${issue.path || '/'} ${issue.keyword}: ${issue.message}`;
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
