import type { Redactor } from '../targets/redact.js';
import type { WireExchange } from './captured-exchange.js';
import { ExchangeGrader } from './exchange-grader.js';
import type { GradedSession } from './session-reports.js';
import type { Violation } from './session-tally.js';

/** Entries between two judgements of the history rules: the window (10,000 calls) never moves past an unjudged call. */
const judgeEvery = 1_000;

/**
 * Grades recorded exchanges (a HAR file's) as a live session grades its traffic: each with the graders of rules/,
 * and the session's history with the history rules, so the same traffic gives the same violations with nothing in
 * the request path.
 */
export function gradeRecorded(exchanges: readonly WireExchange[], redactor: Redactor, onViolation?: (violation: Violation) => void): GradedSession {
  const grader = new ExchangeGrader(redactor, onViolation);
  exchanges.forEach((exchange, i) => {
    grader.grade(exchange);
    if ((i + 1) % judgeEvery === 0) grader.judge();
  });
  grader.judge();
  return { tally: grader.tally, redactor, notGraded: new Map() };
}
