import { describeEntry, historyRule, judgeHistory, judgementFor } from '../../rules/index.js';
import type { Contradiction, History } from '../../rules/index.js';
import { maxValueChars, toCurl } from '../../targets/index.js';
import type { Redactor } from '../../targets/index.js';
import type { Check } from '../checks/index.js';
import { operationOfRequest } from './operation-of-request.js';
import type { CheckResult } from '../../results/run-result.js';
import type { RunHistory } from './run-history.js';
import { targetAnswer } from './target-answer.js';

/** What judging a history check needs from the run. */
export interface HistoryVerdictContext {
  readonly history: History;
  readonly recorder: RunHistory;
  readonly redactor: Redactor;
}

// what one result keeps (run-check.ts keeps the same bounds for every check's words)
const maxReasonChars = 2_000;
const shownContradictions = 3;

/**
 * The result of a history check whose drive passed: what its rule finds of the requirements it cites over the run's
 * history (DESIGN.md §3). A contradiction fails it (noted at observe level), naming the requirement, the earlier
 * entries that set the state and the later one that contradicts it, with a reproduction of that sequence; without
 * one it passes when every cited requirement was judged, else it is skipped saying what the history lacked.
 */
export function historyVerdict(check: Check, driven: CheckResult, context: HistoryVerdictContext): CheckResult {
  const judge = check.history;
  if (judge === undefined) return driven;
  const started = performance.now();
  const judgement = judgementFor(judgeHistory(historyRule(judge.rule), context.history), check.requirements);
  const took = Math.round(performance.now() - started);
  const counted = check.requirements.map((id) => `${id} ${judgement.judged[id] ?? 0}`).join(', ');
  const logs = [
    ...(driven.logs ?? []),
    ...judgement.notes,
    `judged over ${context.history.calls.length} calls and ${context.history.deliveries.length} deliveries: ${counted}`,
  ];
  const base = { ...driven, durationMs: driven.durationMs + took, logs: logs.map((line) => context.redactor.scrub(line, 500)) };
  const [first, ...more] = judgement.contradictions;
  if (first !== undefined) {
    const status = check.level === 'observe' ? 'noted' : 'failed';
    const shown = [first, ...more.slice(0, shownContradictions - 1)];
    const reason = [
      first.message,
      ...more.slice(0, shownContradictions - 1).map((c) => `also: ${c.message}`),
      ...(more.length >= shownContradictions ? [`(${more.length - shownContradictions + 1} more contradictions)`] : []),
    ].join('\n');
    return {
      ...base,
      status,
      reason: context.redactor.scrub(reason, maxReasonChars),
      violated: [...new Set(shown.map((c) => c.requirement))],
      reproduction: context.redactor.scrub(reproduction(first, context), maxValueChars),
      ...site(first, context),
      ...explained(judgement.contradictions, context.history),
    };
  }
  const unjudged = check.requirements.filter((id) => (judgement.judged[id] ?? 0) === 0);
  if (unjudged.length === 0) return base;
  return {
    ...base,
    status: 'skipped',
    reason: `nothing to judge ${unjudged.join(', ')} by: the run's history holds no ${judge.evidence}`,
  };
}

/** The contradiction as a sequence to replay: each call as curl, each delivery as a comment saying what arrived. */
function reproduction(contradiction: Contradiction, { history, recorder, redactor }: HistoryVerdictContext): string {
  const lines = [`# ${contradiction.requirement}: the earlier entries set the state, the last contradicts it`];
  for (const seq of [...contradiction.earlier, contradiction.later]) {
    const entry = history.entry(seq);
    lines.push(`# ${describeEntry(history, entry)}`);
    const exchange = entry?.kind === 'call' ? recorder.exchangeOf(entry.ref) : undefined;
    if (exchange !== undefined) lines.push(toCurl(exchange, redactor));
  }
  return lines.join('\n');
}

/** The checks whose failing calls the contradictions explain (Contradiction.explainsLater), each once. */
function explained(contradictions: readonly Contradiction[], history: History): Pick<CheckResult, 'explains'> {
  const explains = new Map<string, { check: string; status?: number }>();
  for (const contradiction of contradictions) {
    const entry = contradiction.explainsLater ? history.entry(contradiction.later) : undefined;
    if (entry?.kind !== 'call') continue;
    explains.set(`${entry.source} ${String(entry.status)}`, { check: entry.source, ...(entry.status === undefined ? {} : { status: entry.status }) });
  }
  return explains.size === 0 ? {} : { explains: [...explains.values()] };
}

/** The operation and answer of the contradicting call (the operations overview and blocking read them). */
function site(contradiction: Contradiction, { history, recorder }: HistoryVerdictContext): Pick<CheckResult, 'failedOperation' | 'answer'> {
  const entry = history.entry(contradiction.later);
  const exchange = entry?.kind === 'call' ? recorder.exchangeOf(entry.ref) : undefined;
  if (exchange === undefined) return {};
  const operation = operationOfRequest(exchange.request.method, exchange.request.url);
  return { ...(operation === undefined ? {} : { failedOperation: operation }), answer: targetAnswer(exchange) };
}
