import { readAnswer } from './answer-body.js';
import type { CapturedExchange } from './captured-exchange.js';
import { pass } from './finding.js';
import type { Finding } from './finding.js';
import { gradeError, gradeSecrets, gradeSuccess } from './grade-answer.js';
import { gradePagination } from './grade-pagination.js';
import { gradeRefusal, isInvalid } from './grade-refusal.js';
import type { IdempotencyTracker } from './idempotency-tracker.js';
import { matchOperation } from './operation-matcher.js';
import { readRequest } from './request-reading.js';

/** What grading one exchange found. */
export type Grading =
  /** The path and method are not an operation of the contract: counted, not graded. */
  | { readonly kind: 'outside' }
  /** Not graded: the target gave no answer, or a body passed the capture limit. */
  | { readonly kind: 'ungraded'; readonly operationId: string; readonly why: string; readonly status?: number }
  | {
      readonly kind: 'graded';
      readonly operationId: string;
      readonly status: number;
      /** A valid request answered 2xx: the operation works, which lets its refusals count (DESIGN.md §3). */
      readonly baseline: boolean;
      readonly findings: readonly Finding[];
    };

/** Grades one exchange against the contract: request and answer schemas, statuses, bodies, secrets, pages, replays. */
export function gradeExchange(exchange: CapturedExchange, idempotency: IdempotencyTracker): Grading {
  const { pathname } = new URL(exchange.url, 'http://proxy.invalid');
  const matched = matchOperation(exchange.method, pathname);
  if (matched === undefined) return { kind: 'outside' };
  const { operation } = matched;
  if (exchange.status === undefined) return { kind: 'ungraded', operationId: operation.id, why: exchange.error ?? 'no answer' };
  if (exchange.requestTruncated || exchange.responseTruncated)
    return { kind: 'ungraded', operationId: operation.id, why: 'a body passed the capture limit', status: exchange.status };
  const answered = exchange as CapturedExchange & { status: number };
  const reading = readRequest(operation, exchange, matched.pathParams);
  const body = readAnswer(exchange);
  const invalid = isInvalid(reading);
  const success = answered.status >= 200 && answered.status < 300;
  const findings: Finding[] = [...gradeSecrets(operation, answered, body)];
  if (invalid) findings.push(...gradeRefusal(operation, answered.status, reading));
  if (success && !invalid) {
    findings.push(...gradeSuccess(operation, answered, body));
    if (body.isJson) findings.push(...gradePagination(operation, reading.query, body.json));
  }
  if (answered.status >= 400) findings.push(...gradeError(operation, answered, body));
  else findings.push(pass('ERR-NO-5XX'));
  const key = exchange.requestHeaders['idempotency-key'];
  if (key !== undefined && !invalid && operation.parameters.some((parameter) => parameter.name === 'idempotency-key')) {
    findings.push(
      ...idempotency.observe({
        operationId: operation.id,
        apiKey: exchange.requestHeaders['x-api-key'] ?? '',
        idempotencyKey: key,
        body: reading.body,
        status: answered.status,
        answer: body.json,
        answerText: body.text,
        startedAt: exchange.startedAt,
        finishedAt: exchange.finishedAt,
      }),
    );
  }
  return { kind: 'graded', operationId: operation.id, status: answered.status, baseline: success && !invalid, findings };
}
