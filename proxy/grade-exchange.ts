import { gradeError, gradePagination, gradeRefusal, gradeSecrets, gradeSuccess, isInvalid, pass, readAnswer, readRequest } from '../rules/index.js';
import type { AnswerView, Finding, MatchedOperation } from '../rules/index.js';
import type { CapturedExchange } from './captured-exchange.js';
import { matchOperation } from '../rules/index.js';

/** What grading one exchange found. */
export type Grading =
  /** The path and method are not an operation of the contract: counted, not graded. */
  | { readonly kind: 'outside' }
  /** Not graded: the target gave no answer, or a body passed the capture limit. */
  | { readonly kind: 'ungraded'; readonly operationId: string; readonly why: string; readonly status?: number; readonly matched?: MatchedOperation }
  | {
      readonly kind: 'graded';
      readonly operationId: string;
      readonly status: number;
      /** A valid request answered 2xx: the operation works, which lets its refusals count (DESIGN.md §3). */
      readonly baseline: boolean;
      readonly findings: readonly Finding[];
      /** The operation matched (absent for a delivery), and the answer's JSON when it parsed: the session's history keeps them. */
      readonly matched?: MatchedOperation;
      readonly json?: unknown;
    };

/**
 * Grades one exchange against the contract: request and answer schemas, statuses, bodies, secrets, pages. What holds
 * across exchanges (replays, read-after-write, filters, lifecycle) is the history rules' (proxy/session-history.ts).
 */
export function gradeExchange(exchange: CapturedExchange): Grading {
  const { pathname } = new URL(exchange.url, 'http://proxy.invalid');
  const matched = matchOperation(exchange.method, pathname);
  if (matched === undefined) return { kind: 'outside' };
  const { operation } = matched;
  if (exchange.status === undefined) return { kind: 'ungraded', operationId: operation.id, why: exchange.error ?? 'no answer', matched };
  if (exchange.requestTruncated || exchange.responseTruncated)
    return { kind: 'ungraded', operationId: operation.id, why: 'a body passed the capture limit', status: exchange.status, matched };
  const reading = readRequest(
    operation,
    { url: exchange.url, headers: exchange.requestHeaders, body: exchange.requestBody.toString('utf8') },
    matched.pathParams,
  );
  const body = readAnswer(exchange.responseBody.toString('utf8'));
  const answered: AnswerView = { status: exchange.status, headers: exchange.responseHeaders, body };
  const invalid = isInvalid(reading);
  const success = answered.status >= 200 && answered.status < 300;
  const findings: Finding[] = [...gradeSecrets(operation, answered)];
  if (invalid) findings.push(...gradeRefusal(operation, answered.status, reading));
  if (success && !invalid) {
    findings.push(...gradeSuccess(operation, answered));
    if (body.isJson) findings.push(...gradePagination(operation, reading.query, body.json));
  }
  if (answered.status >= 400) findings.push(...gradeError(operation, answered));
  else findings.push(pass('ERR-NO-5XX'));
  return {
    kind: 'graded',
    operationId: operation.id,
    status: answered.status,
    baseline: success && !invalid,
    findings,
    matched,
    ...(body.isJson ? { json: body.json } : {}),
  };
}
