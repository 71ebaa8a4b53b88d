import { performance } from 'node:perf_hooks';
import { isHarnessError, maxValueChars, onAbort, Patience, sendRefusalCodes, toCurl } from '../../targets/index.js';
import type { Exchange, HttpClient } from '../../targets/index.js';
import type { Check, FailureDetails } from '../checks/index.js';
import { CheckBlocked, CheckFailure, CheckSkipped, Evidence, isSuccess, TargetError } from '../checks/index.js';
import { blockedReason } from './blocking.js';
import { slowRunReason } from './slow-verdict.js';
import { gateCheck } from './check-gate.js';
import { createContext } from './create-context.js';
import { operationOfRequest, routeOfOperation } from './operation-of-request.js';
import { isAbsentRouteStatus, isNotImplemented } from './operations-overview.js';
import { missingDeliveriesHint } from './delivery-hint.js';
import type { PlannedCheck } from './plan.js';
import type { CheckRunEnvironment } from './check-run-environment.js';
import type { CheckResult, CheckStatus, NameDifference } from '../../results/run-result.js';
import { nameDifferences } from './name-differences.js';
import { operationById } from '../../spec/index.js';
import { targetAnswer } from './target-answer.js';
import { withoutEvidence } from './without-evidence.js';
import { notMissingRoute } from './served-routes.js';

// issue 15: what one result keeps of a check's words, whatever a target sends (the reports multiply it by every check)
const maxReasonChars = 2_000;
const maxLogLineChars = 500;
const maxLogChars = 8_000;
const maxCounterexampleChars = 8_000;

class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/**
 * Runs one check to a result: CheckFailure → failed (noted at observe level), CheckSkipped → skipped, anything else →
 * errored; a check whose baseline or used operation did not pass is blocked without sending anything. Never throws.
 */
export async function runCheck(planned: PlannedCheck, env: CheckRunEnvironment): Promise<CheckResult> {
  const { check } = planned;
  const start = performance.now();
  const http = env.http;
  const base = {
    id: check.id,
    title: check.title,
    suite: check.suite,
    requirements: [...check.requirements],
    level: check.level,
    ...(check.baselineFor !== undefined ? { baselineFor: check.baselineFor } : {}),
  };
  const finish = (status: CheckStatus, extra: Partial<CheckResult> = {}, exchanges = 0): CheckResult => {
    // DESIGN.md §3: observe is recorded and shown, never failing
    const shown = status === 'failed' && check.level === 'observe' ? 'noted' : status;
    const result: CheckResult = { ...base, status: shown, durationMs: Math.round(performance.now() - start), exchanges, ...extra };
    if (check.baselineFor !== undefined) recordBaseline(check.baselineFor, result, env);
    return result;
  };
  const gate = await gateCheck(planned, env);
  if (gate !== undefined) return finish(gate.status, gate);
  if (check.needs?.includes('receiver') && !env.receiver) {
    return finish('errored', { reason: `the webhook receiver is not available: ${env.receiverProblem ?? 'not started'}` });
  }
  const deadline = new AbortController();
  const scoped = http.scope(deadline.signal, check.id);
  const timeoutMs = check.timeoutMs ?? env.timeoutMs;
  const logs: string[] = [];
  const evidence = new Evidence();
  let answersOf: string | undefined;
  let logChars = 0;
  let logsDropped = 0;
  const ctx = createContext({
    check,
    http: scoped,
    target: env.target,
    seed: env.seed,
    runs: env.runs,
    samples: env.samples,
    signal: deadline.signal,
    baseline: env.baselines,
    evidence,
    shared: env.shared,
    judgedAnswersOf: (by) => (answersOf ??= by),
    ...(env.receiver ? { receiver: env.receiver } : {}),
    ...(env.patience ? { patience: env.patience } : {}),
    log: (message) => {
      const clean = http.redactor.scrub(message, maxLogLineChars);
      if (logs.length < 200 && logChars + clean.length <= maxLogChars) {
        logs.push(clean);
        logChars += clean.length;
      } else {
        logsDropped += 1;
      }
      env.onLog(check.id, clean);
    },
  });
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    const stop = (error: DeadlineError): void => {
      deadline.abort(error);
      reject(error);
    };
    // the deadline leaves out the time the client held the check's requests back for the rate limit (spec §8), and
    // stretches with the run's slowness (decision 35: time is not evidence)
    let credited = 0;
    const patience = env.patience ?? Patience.ofProcess();
    const mark = patience.mark();
    const arm = (ms: number): void => {
      timer = setTimeout(() => {
        const owed = scoped.throttledMs - credited;
        const stretched = patience.deadline(timeoutMs) + credited - (performance.now() - mark.at);
        if (owed < 1 && stretched < 1) return stop(new DeadlineError(deadlineMessage(timeoutMs, credited, patience.unmetBecauseSlow(mark))));
        credited += Math.max(0, owed);
        arm(Math.max(owed, stretched, 1));
      }, ms);
    };
    arm(timeoutMs);
    const runSignal = env.runSignal;
    if (runSignal)
      stopListening = onAbort(runSignal, () => stop(new DeadlineError(`interrupted: the run was stopped (${String(runSignal.reason ?? 'aborted')})`)));
  });
  // what the check noted of itself: its log, and whose answers it judged instead of sending its own
  const notesOf = (): Partial<CheckResult> => ({
    ...(logs.length === 0 ? {} : { logs: logsDropped === 0 ? [...logs] : [...logs, `[${logsDropped} more log lines not kept]`] }),
    ...(answersOf === undefined ? {} : { judgedAnswersOf: answersOf }),
  });
  const running = Promise.resolve().then(() => check.run(ctx));
  running.catch(() => {}); // after a deadline the check's own rejection is not interesting
  try {
    await Promise.race([running, expired]);
    // a history check's drive needs none: its rule passes it only when it judged each requirement (history-verdict.ts)
    if (!evidence.observed && check.history === undefined) {
      const unproven = withoutEvidence(scoped.exchanges, env.blockingBaseline);
      return finish(unproven.status, { ...unproven, ...notesOf(), ...traceOf(scoped, env) }, scoped.count);
    }
    const rests = evidence.observed ? { evidence: evidence.list.map((line) => http.redactor.scrub(line, maxLogLineChars)) } : {};
    return finish('passed', { ...rests, ...notesOf(), ...traceOf(scoped, env), ...acceptance(check.baselineFor, scoped) }, scoped.count);
  } catch (error) {
    if (error instanceof CheckBlocked) {
      const [status, fields] = blockedOn(error, env);
      return finish(status, { ...fields, ...notesOf(), ...traceOf(scoped, env) }, scoped.count);
    }
    const [classifiedStatus, classified, details] = unattributed(classify(error), check);
    // deliveries that never arrived: say what to configure (the simulator's webhook URL, --receiver-url), or skip; a
    // failure an answer of the target shows (a refusal, a wrong secret) is that answer's, whatever reached the
    // receiver: never hidden as a skip, no routing advice appended (issue 34)
    const shownByAnswer = details?.exchange !== undefined;
    const hint =
      classifiedStatus !== 'skipped' && !shownByAnswer && check.needs?.includes('receiver') && check.deliveriesTo !== 'one-url' && env.receiver
        ? missingDeliveriesHint(env.target, env.receiver)
        : undefined;
    const status: CheckStatus = hint?.skip ? 'skipped' : classifiedStatus;
    const explained = hint === undefined ? classified : hint.skip ? hint.text : `${classified} (${hint.text})`;
    const violated = status === 'failed' ? violatedOf(details, check.requirements) : {};
    const where = status === 'failed' || status === 'errored' ? failureSite(details, http) : {};
    const accepted = { ...where, ...acceptance(check.baselineFor, scoped) };
    const route = { ...accepted, ...servedElsewhere(check.baselineFor, accepted, env) };
    const reason = notImplementedReason(check.baselineFor, route, violated) ?? withServedRoute(explained, check.baselineFor, route);
    const clean = http.redactor.scrub(withoutStackOverflow(reason), maxReasonChars);
    const fields = { reason: clean, ...violated, ...detailFields(details, http), ...notesOf(), ...traceOf(scoped, env) };
    return finish(status, { ...fields, ...route }, scoped.count);
  } finally {
    clearTimeout(timer);
    stopListening?.();
    if (!deadline.signal.aborted) deadline.abort(new DeadlineError('check finished'));
  }
}

/** Why a check's deadline passed: the time it had, and when the run was slow, that it was (decision 35). */
function deadlineMessage(timeoutMs: number, credited: number, slow: string | undefined): string {
  const rate = credited > 0 ? ` (not counting ${Math.round(credited)} ms waiting for the rate limit)` : '';
  if (slow === undefined) return `timed out after ${timeoutMs} ms${rate}`;
  return `${slowRunReason}: timed out after ${timeoutMs} ms stretched by the run's patience${rate}, while the run was slow (${slow})`;
}

/** ctx.blockedBy: blocked by the first of its operations whose baseline did not pass, else skipped with its reason. */
function blockedOn(error: CheckBlocked, env: CheckRunEnvironment): [CheckStatus, Partial<CheckResult>] {
  for (const operationId of error.operations) {
    const blocker = env.blockingBaseline(operationId);
    if (blocker !== undefined) return ['blocked', { blockedBy: blocker.id, reason: `${blockedReason(operationId, blocker)}: ${error.message}` }];
  }
  return ['skipped', { reason: error.message }];
}

function classify(error: unknown): [CheckStatus, string, FailureDetails | undefined] {
  if (error instanceof CheckSkipped) return ['skipped', error.message, undefined];
  if (error instanceof CheckFailure) return ['failed', error.message, error.details];
  if (error instanceof TargetError) return ['errored', `target error: ${error.message}`, error.details];
  if (error instanceof DeadlineError) return ['errored', error.message, undefined];
  // DESIGN.md §5: a send the guard refused was never sent; the user's limits skip the check, they do not fail it
  if (isHarnessError(error) && sendRefusalCodes.has(error.code)) return ['skipped', error.message, undefined];
  if (isHarnessError(error)) return ['errored', `harness error ${error.code}: ${error.message}`, undefined];
  const details = (error as { details?: FailureDetails } | null)?.details;
  const message = error instanceof Error ? error.message : String(error);
  return ['errored', `the check raised: ${message}`, details];
}

/**
 * The engine's "Maximum call stack size exceeded" said in words a user can act on (issue 15: it must never reach a
 * report as a reason). Answers nesting past the client's depth limit never reach a check, so this is a harness bug.
 */
function withoutStackOverflow(message: string): string {
  return message.replace(
    /(RangeError: )?Maximum call stack size exceeded/g,
    'the harness ran out of stack on a deeply nested value (a harness bug: please report it with the seed)',
  );
}

/**
 * A failure of a check citing several requirements must name the one it shows broken (ctx.expect* enforce it on
 * every call; this catches expectThat and properties): one that names none is a harness bug, and errors.
 */
function unattributed(classified: [CheckStatus, string, FailureDetails | undefined], check: Check): [CheckStatus, string, FailureDetails | undefined] {
  const [status, reason, details] = classified;
  if (status !== 'failed' || check.requirements.length < 2 || (details?.requirements?.length ?? 0) > 0) return classified;
  return [
    'errored',
    `harness error UNATTRIBUTED_FAILURE: check ${check.id} cites ${check.requirements.length} requirements and this failure names none (give the expectation its requirement): ${reason}`,
    details,
  ];
}

/** What a failure shows broken: the requirements it names, else the one requirement a single-requirement check cites. */
function violatedOf(details: FailureDetails | undefined, cited: readonly string[]): Partial<CheckResult> {
  const violated = details?.requirements ?? (cited.length === 1 ? cited : []);
  return violated.length > 0 ? { violated: [...violated] } : {};
}

/** Where a failure happened: the operation of its exchange and what the target answered there (redacted). */
function failureSite(details: FailureDetails | undefined, http: HttpClient): Pick<CheckResult, 'failedOperation' | 'answer'> {
  const exchange = details?.exchange;
  if (exchange === undefined) return {};
  const operation = operationOfRequest(exchange.request.method, exchange.request.url);
  const answer = targetAnswer(exchange, details?.pointer);
  const message = answer.message === undefined ? {} : { message: http.redactor.scrub(answer.message) };
  const found = answer.found === undefined ? {} : { found: http.redactor.scrub(answer.found) };
  const expected = details?.expected === undefined ? {} : { expected: details.expected };
  const fields = details?.fields === undefined ? {} : { fields: [...details.fields] };
  const renamed = operation === undefined ? [] : renamedIn(operation, exchange);
  return {
    ...(operation !== undefined ? { failedOperation: operation } : {}),
    answer: { ...answer, ...message, ...found, ...expected, ...fields, ...(renamed.length > 0 ? { renamed } : {}) },
  };
}

/** A 2xx answer of the operation whose shape differs from its success schema by names only (DESIGN.md §3). */
function renamedIn(operationId: string, exchange: Exchange): NameDifference[] {
  const schemaName = operationById(operationId)?.responses[String(operationById(operationId)?.successStatus)]?.schemaName;
  if (schemaName === undefined || !isSuccess(exchange) || exchange.json === undefined) return [];
  return nameDifferences(schemaName, exchange.json);
}

/** DESIGN.md §3: a baseline whose own route answers 404/405 to valid input reports the operation as not implemented. */
function notImplementedReason(
  operationId: string | undefined,
  where: Pick<CheckResult, 'failedOperation' | 'answer' | 'accepted' | 'servedElsewhere'>,
  violated: Pick<CheckResult, 'violated'>,
): string | undefined {
  // served without the /v1 prefix is said by the check's own reason (spec §9)
  if (operationId === undefined || !isNotImplemented(operationId, where) || violated.violated?.includes('VER-PATH-PREFIX')) return undefined;
  const route = routeOfOperation(operationId);
  const said = where.answer?.message !== undefined ? `: ${where.answer.message}` : '';
  return `not implemented: ${route?.method ?? ''} ${route?.path ?? operationId} answered ${where.answer?.status ?? ''} to valid input${said}`;
}

/** A baseline's 404/405 on its own route when the run saw that route answer a 2xx: the check that saw it. */
function servedElsewhere(
  operationId: string | undefined,
  where: Pick<CheckResult, 'failedOperation' | 'answer' | 'accepted'>,
  env: CheckRunEnvironment,
): Partial<CheckResult> {
  if (operationId === undefined || !isNotImplemented(operationId, where)) return {};
  const by = env.servedBy?.(operationId);
  return by === undefined ? {} : { servedElsewhere: by };
}

/** The reason of a baseline whose route answered 404/405 although it exists: says why it is not "not implemented". */
function withServedRoute(reason: string, operationId: string | undefined, route: Pick<CheckResult, 'accepted' | 'servedElsewhere' | 'answer'>): string {
  const status = route.answer?.status;
  if (operationId === undefined || status === undefined || !isAbsentRouteStatus(status) || (route.accepted !== true && route.servedElsewhere === undefined))
    return reason;
  const where = route.servedElsewhere === undefined ? 'in this check' : `in ${route.servedElsewhere}`;
  return `${notMissingRoute(operationId, where)}${reason}`;
}

function detailFields(details: FailureDetails | undefined, http: HttpClient): Partial<CheckResult> {
  if (!details) return {};
  const redactor = http.redactor;
  return {
    ...(details.seed !== undefined ? { seed: details.seed } : {}),
    ...(details.path !== undefined ? { path: details.path } : {}),
    ...(details.counterexample !== undefined
      ? { counterexample: redactor.scrubValue(details.counterexample, { maxChars: maxCounterexampleChars, maxString: maxReasonChars }) }
      : {}),
    ...(details.exchange ? { reproduction: redactor.scrub(toCurl(details.exchange, redactor), maxValueChars) } : {}),
  };
}

function traceOf(scoped: HttpClient, env: CheckRunEnvironment): Partial<CheckResult> {
  if (!env.recordExchanges) return {};
  // sorted by id: the order the check sent them, not the order concurrent answers arrived in
  const exchanges = [...scoped.exchanges].sort((a, b) => a.id - b.id);
  return { trace: { firstIndex: scoped.count - exchanges.length, exchanges } };
}

function recordBaseline(operationId: string, result: CheckResult, env: CheckRunEnvironment): void {
  if (result.status === 'skipped') env.baselineSkips.set(operationId, result.reason ?? 'skipped');
  else env.baselines.record(operationId, result.status === 'passed', `${result.id} ${result.status}: ${result.reason ?? ''}`.trim(), result.accepted === true);
}

/**
 * A positive baseline: whether its operation answered any of its valid requests with a 2xx (CheckResult.accepted), read
 * from the exchanges it sent to that operation (fixtures of other operations do not count).
 */
function acceptance(operationId: string | undefined, scoped: HttpClient): Partial<CheckResult> {
  if (operationId === undefined) return {};
  const own = scoped.exchanges.filter((exchange) => operationOfRequest(exchange.request.method, exchange.request.url) === operationId);
  return { accepted: own.some(isSuccess) };
}
