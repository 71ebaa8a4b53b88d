import { failures, gradeAssumedShape, gradeMustShape, gradeSecrets, gradeSuccessStatus, readAnswer } from '../../rules/index.js';
import type { AnswerView, FailFinding, Finding } from '../../rules/index.js';
import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { requireResponse } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';

/** How an answer is graded: the spec's own rules (must), or the DESIGN.md §4 decisions (status, assumed shape). */
export type Grade = 'must' | 'status' | 'assumed';

/**
 * Grades one answer of a valid request with the graders of rules/ (the passive proxy grades with the same ones) and
 * fails the check (via ctx) with every failing finding of the grade, naming the requirements they break. A grade that
 * judged the answer (some finding passed) is the check's evidence; one that found nothing to judge is not (DESIGN.md
 * §3 "Evidence or nothing": the assumed grade of a refusal passes nothing).
 */
export function gradeSuccess(ctx: CheckContext, operation: Operation, exchange: Exchange, grade: Grade): void {
  // a valid request refused breaks ERR-SUCCESS-2XX (a missing route is told apart first: versioned-route.ts)
  if (grade === 'must') ctx.expectStatus(exchange, '2xx', undefined, { requirements: ['ERR-SUCCESS-2XX'] });
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
  if (failed.length === 0) {
    if (findings.some((finding) => finding.outcome === 'pass')) ctx.evidence(exchange);
    return;
  }
  const pointer = failed.find((finding) => finding.pointer !== undefined)?.pointer;
  const fields = answerFields(failed);
  ctx.fail(failed.map((finding) => finding.message).join('; '), {
    exchange,
    requirements: [...new Set(failed.map((finding) => finding.requirement))],
    ...(pointer === undefined ? {} : { pointer }),
    ...(fields === undefined ? {} : { fields }),
  });
}

/**
 * The fields of a 2xx answer its failed findings point at (the last name of each pointer: `direction` for
 * /data/0/direction), or undefined when one points at no field (the whole answer is wrong: whatever reads it waits).
 */
function answerFields(failed: readonly FailFinding[]): string[] | undefined {
  const names = failed.map((finding) =>
    finding.pointer
      ?.split('/')
      .filter((part: string) => part !== '' && !/^\d+$/.test(part))
      .at(-1),
  );
  return names.every((name): name is string => name !== undefined) ? [...new Set(names)] : undefined;
}
