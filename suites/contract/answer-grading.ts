import { failures, gradeAssumedShape, gradeMustShape, gradeSecrets, gradeSuccessStatus, readAnswer } from '../../rules/index.js';
import type { AnswerView, Finding } from '../../rules/index.js';
import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { requireResponse } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';

/** How an answer is graded: the spec's own rules (must), or the DESIGN.md §4 decisions (status, assumed shape). */
export type Grade = 'must' | 'status' | 'assumed';

/**
 * Grades one answer of a valid request with the graders of rules/ (the passive proxy grades with the same ones) and
 * fails the check (via ctx) with every failing finding of the grade, naming the requirements they break.
 */
export function gradeSuccess(ctx: CheckContext, operation: Operation, exchange: Exchange, grade: Grade): void {
  if (grade === 'must') ctx.expectStatus(exchange, '2xx', undefined, { requirements: refusedBreaks(ctx, exchange) });
  requireResponse(exchange);
  const answer: AnswerView = { status: exchange.status, headers: exchange.headers, body: readAnswer(exchange.bodyText, exchange) };
  const cited = ctx.check.requirements;
  const findings: Finding[] =
    grade === 'must'
      ? [...gradeSecrets(operation, answer), ...gradeMustShape(operation, answer, cited)]
      : grade === 'status'
        ? gradeSuccessStatus(operation, answer)
        : gradeAssumedShape(operation, answer, cited);
  const failed = failures(findings);
  if (failed.length === 0) return;
  const pointer = failed.find((finding) => finding.pointer !== undefined)?.pointer;
  ctx.fail(failed.map((finding) => finding.message).join('; '), {
    exchange,
    requirements: [...new Set(failed.map((finding) => finding.requirement))],
    ...(pointer === undefined ? {} : { pointer }),
  });
}

/** A valid request refused breaks ERR-SUCCESS-2XX; a 404/405 (no such route) also shows the /v1 path not served (spec §9). */
function refusedBreaks(ctx: CheckContext, exchange: Exchange): string[] {
  const noRoute = (exchange.status === 404 || exchange.status === 405) && ctx.check.requirements.includes('VER-PATH-PREFIX');
  return noRoute ? ['ERR-SUCCESS-2XX', 'VER-PATH-PREFIX'] : ['ERR-SUCCESS-2XX'];
}
