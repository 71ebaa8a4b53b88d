import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Receiver } from '../../receiver/index.js';
import { requirements as specRequirements } from '../../spec/requirements.js';
import { HttpClient, isHarnessError, maxValueChars, Patience, Redactor, stopOnSignal } from '../../targets/index.js';
import type { Target } from '../../targets/index.js';
import { RunBaselines } from '../checks/index.js';
import type { CheckRegistry } from '../checks/index.js';
import { blockingBaseline } from './blocking.js';
import { deleteLeftoverWebhooks } from './cleanup.js';
import { operationOfRequest } from './operation-of-request.js';
import { planContextFor, planRun } from './plan.js';
import type { GivenPlan, PlannedCheck } from './plan.js';
import { probeReachability } from './reachability.js';
import type { CheckResult, CleanupReport, RunInterruption, RunResult, SetupProblem } from '../../results/run-result.js';
import { receiverForTarget, startHarnessReceiver } from './harness-receiver.js';
import { historyVerdict } from './history-verdict.js';
import { runCheck } from './run-check.js';
import { reviseServedRoutes } from './served-routes.js';
import { RunHistory } from './run-history.js';
import { runPool } from './run-pool.js';
import { sharedSendRelease } from './shared-release.js';
import { longestFirst } from './longest-first.js';
import type { CheckRunEnvironment } from './check-run-environment.js';
import { defaultFailOn } from './run-options.js';
import type { RunOptions } from './run-options.js';
import { defaultMaxRequests, fitCaseBudget } from './case-budget.js';
import { runOutcome } from './run-outcome.js';
import { clientRatePerMinute, guardsRateLimit, rateLimitCheckBound, sendPolicyFor } from './safety.js';

/**
 * Runs the selected checks against the target and returns the results as data. Usage errors in the selection throw
 * a HarnessError before anything starts; a target that does not start or answer, or refuses the key, gives exitCode 2
 * and setupError; a stop (options.signal, or SIGINT/SIGTERM with handleSignals) gives a partial result (`interrupted`,
 * exit code 130/143); every other outcome is a check result (blocked ones name the check they waited on).
 */
export async function runConformance(options: RunOptions & GivenPlan): Promise<RunResult> {
  const startedAt = new Date();
  const start = performance.now();
  const { target } = options;
  const registry = options.registry ?? (await defaultRegistry());
  const requirements = options.requirements ?? specRequirements;
  const seed = options.seed ?? randomInt(1, 2 ** 31 - 1);
  const failOn = options.failOn ?? defaultFailOn;
  const redactor = options.redactor ?? new Redactor();
  for (const key of [target.keys.growth, target.keys.starter, target.keys.rateLimit, target.keys.secondGrowth]) redactor.addSecret(key);
  const plan = options.plan ?? planRun(registry, options.selection ?? {}, planContextFor(options, requirements));
  // on a rate-limited target the cases shrink to fit the time budget, unless --runs says otherwise
  const budget = fitCaseBudget(plan, {
    target,
    ...optionalRuns(options.runs),
    ...(options.timeBudgetMinutes === undefined ? {} : { timeBudgetMinutes: options.timeBudgetMinutes }),
  });
  const { runs, samples } = budget.scale;
  const emit = options.onEvent ?? (() => {});
  // Ctrl-C or the caller's signal: stop the checks, skip the rest, and still clean up in finally
  const interrupt = new AbortController();
  const stopRun = (reason: unknown): void => {
    if (!interrupt.signal.aborted) interrupt.abort(typeof reason === 'string' ? reason : 'aborted by the caller');
  };
  if (options.signal?.aborted) stopRun(options.signal.reason);
  options.signal?.addEventListener('abort', () => stopRun(options.signal?.reason), { once: true });
  const signals = options.handleSignals ? stopOnSignal({ onStop: stopRun }) : undefined;
  const stoppedBy = (): string => String(interrupt.signal.reason);
  const cut: string[] = [];
  let notStarted = 0;
  const notRun = (planned: PlannedCheck): CheckResult => {
    notStarted += 1;
    return skippedResult(planned, `not run: the run was stopped (${stoppedBy()}) before this check started`);
  };

  const results = new Map<string, CheckResult>();
  let setupError: SetupProblem | undefined;
  let http: HttpClient | undefined;
  let receiver: Receiver | undefined;
  let receiverProblem: string | undefined;
  let description = target.describe();
  let sent = 0;
  let cleanup: CleanupReport | undefined;
  // every exchange of every check and, when judged, every delivery: the single source the history checks read
  // decision 35: every wait of the run asks it for its deadline, from the lag and answer times it observes
  const patience = Patience.start();
  const recorder = new RunHistory(undefined, patience.lagNear);
  // history checks whose drive passed wait here for the end of the run, to be judged over its whole history
  const awaitingJudgement: { planned: PlannedCheck; driven: CheckResult }[] = [];
  try {
    if (plan.some((p) => !p.skip && p.check.needs?.includes('receiver'))) {
      try {
        receiver = await startHarnessReceiver(options.receiverPort ?? target.receiverPort, target.conventions.dialect);
      } catch (error) {
        // a fixed port taken is a set-up error (exit 2); any other failure errors the checks that need the receiver
        if (isHarnessError(error)) throw error;
        receiverProblem = (error as Error).message;
      }
    }
    const startBegan = performance.now();
    await target.start(receiver ? receiverForTarget(receiver) : {});
    // time from start to the first check (a container measures its own, from container start to readiness)
    description = { startupMs: Math.round(performance.now() - startBegan), ...target.describe() };
    http = await HttpClient.open({
      baseUrl: target.baseUrl,
      keys: target.keys,
      redactor,
      timeoutMs: options.requestTimeoutMs ?? 10_000,
      ratePerMinute: clientRatePerMinute(target),
      maxRequests: options.maxRequests ?? defaultMaxRequests(budget, clientRatePerMinute(target)),
      sendPolicy: sendPolicyFor(target, options),
      maxRateLimitRequests: guardsRateLimit(target) ? rateLimitCheckBound : null,
      onExchange: (exchange, recorded, label) => {
        recorder.record(exchange, recorded, label);
        patience.noteAnswer(exchange.durationMs);
      },
      // DESIGN.md §3 "Dialects": the target's names on the wire, the spec's in every answer a check reads
      ...(target.conventions.dialect === undefined ? {} : { dialect: { dialect: target.conventions.dialect, operationOf: operationOfRequest } }),
    });
    const env: CheckRunEnvironment = {
      http,
      target,
      seed,
      runs,
      samples,
      timeoutMs: options.timeoutMs ?? 60_000,
      baselines: new RunBaselines(),
      baselineSkips: new Map(),
      shared: new Map(),
      // plan order, not finishing order: which baseline blocks a check must not depend on concurrency
      servedBy: recorder.servedBy,
      blockingBaseline: (operationId) =>
        blockingBaseline(
          operationId,
          plan.map((p) => results.get(p.check.id)),
        ),
      ...(receiver ? { receiver } : {}),
      ...(receiverProblem ? { receiverProblem } : {}),
      patience,
      onLog: (id, message) => emit({ type: 'check-log', id, message }),
      runSignal: interrupt.signal,
      ...(options.recordExchanges ? { recordExchanges: true } : {}),
    };
    const releaseShared = sharedSendRelease(plan, budget.scale, env.shared);
    let done = 0;
    const execute = async (planned: PlannedCheck): Promise<CheckResult> => {
      if (interrupt.signal.aborted) {
        const skipped = notRun(planned);
        results.set(skipped.id, skipped);
        return skipped;
      }
      emit({ type: 'check-start', id: planned.check.id, suite: planned.check.suite, title: planned.check.title });
      const finished = await runCheck(planned, env);
      releaseShared(planned);
      // a check still running when the stop came ended because of it: its result says nothing of the target
      const ran = interrupt.signal.aborted ? skippedResult(planned, `cut: the run was stopped (${stoppedBy()}) while this check ran`) : finished;
      if (interrupt.signal.aborted) cut.push(planned.check.id);
      // a failure stays a failure (the end-of-run pass only folds it under its cause), so progress shows what the report will
      const result = ran;
      results.set(result.id, result);
      if (planned.check.history !== undefined && result.status === 'passed') awaitingJudgement.push({ planned, driven: result });
      else emit({ type: 'check-end', result, done: ++done, total: plan.length });
      return result;
    };
    // DESIGN.md §3: no single check gates the run; only no answer at all, or a refused key, stops it (exit 2)
    const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    if (!interrupt.signal.aborted) await probeReachability(http, description.baseUrl, interrupt.signal, { of: patience, requestTimeoutMs });
    // after the probe: a target that does not answer is one line of set-up error, not a run that starts and stops
    emit({ type: 'run-start', target: description, total: plan.length, seed, runs });
    const concurrency = Math.max(1, options.concurrency ?? 4);
    for (const phase of [1, 2]) {
      const inPhase = plan.filter((p) => p.phase === phase);
      // plan order: starting the long webhook-holding checks first fanned every send out to their webhooks (decision 0029)
      await runPool(
        inPhase.filter((p) => !p.check.exclusive && !p.check.watchesLifecycle),
        concurrency,
        execute,
      );
      // checks that wait on message events run together: a run is bounded by the target's lifecycle, not their number
      const watchers = inPhase.filter((p) => p.check.watchesLifecycle && !p.check.exclusive);
      const atOnce = eventWatchers(concurrency, target);
      if (watchers.some((p) => !p.skip) && !interrupt.signal.aborted) emit({ type: 'stage', stage: 'lifecycle', checks: watchers.length, atOnce });
      // the longest known watchers first: the stage waits for its slowest (decision 0029)
      await runPool(longestFirst(watchers), atOnce, execute);
      // exclusive checks (pagination partition, rate limit) need the target to themselves: one at a time, after the rest
      await runPool(
        inPhase.filter((p) => p.check.exclusive),
        1,
        execute,
      );
    }
    // DESIGN.md §3: the rules judge once every check has driven the target, over everything the run saw
    const history = recorder.history(receiver?.store.all() ?? []);
    for (const { planned, driven } of awaitingJudgement) {
      const result = historyVerdict(planned.check, driven, { history, recorder, redactor });
      results.set(result.id, result);
      emit({ type: 'check-end', result, done: ++done, total: plan.length });
    }
    sent = http.totalSent;
  } catch (error) {
    if (!isHarnessError(error)) throw error;
    // a stop during the start or the probe is a stop, not a set-up problem of the target
    if (!interrupt.signal.aborted) {
      setupError = { code: error.code, message: error.message };
      for (const planned of plan) {
        if (!results.has(planned.check.id)) results.set(planned.check.id, skippedResult(planned, `not run: ${error.message}`));
      }
    }
  } finally {
    // DESIGN.md §5: webhooks the run created do not outlive it, also after a failure or Ctrl-C (then within a few
    // seconds: a CI runner that cancels a job waits about 10 s before it kills)
    if (http) cleanup = await deleteLeftoverWebhooks(http, interrupt.signal.aborted ? interruptedCleanup : {});
    signals?.dispose();
    await http?.close().catch(() => {});
    await target.stop().catch(() => {});
    if (receiver && options.onDeliveries) options.onDeliveries(receiver.store.all());
    await receiver?.stop().catch(() => {});
    patience.stop();
  }

  let interrupted: RunInterruption | undefined;
  if (interrupt.signal.aborted) {
    for (const planned of plan) if (!results.has(planned.check.id)) results.set(planned.check.id, notRun(planned));
    const wasCut = new Set(cut);
    const inPlanOrder = plan.map((p) => p.check.id).filter((id) => wasCut.has(id));
    interrupted = { by: redactor.scrub(stoppedBy(), 200), finished: plan.length - cut.length - notStarted, cut: inPlanOrder, notStarted };
  }
  const scrubbedSetup = setupError ? { code: setupError.code, message: redactor.scrub(setupError.message, maxValueChars) } : undefined;
  const result: RunResult = {
    target: description,
    seed,
    runs,
    failOn,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - start),
    ...runOutcome(
      reviseServedRoutes(
        plan.map((planned) => results.get(planned.check.id) as CheckResult),
        recorder.servedBy,
      ),
      requirements,
      failOn,
      scrubbedSetup,
      interrupted,
      options.knownFailures,
    ),
    ...(scrubbedSetup ? { setupError: scrubbedSetup } : {}),
    ...(interrupted ? { interrupted } : {}),
    ...(options.reproduce ? { reproduce: options.reproduce } : {}),
    requestsSent: http?.totalSent ?? sent,
    ...(http ? { sends: http.sends } : {}),
    ...(cleanup && (cleanup.webhooksDeleted.length > 0 || cleanup.webhooksLeft.length > 0) ? { cleanup } : {}),
  };
  emit({ type: 'run-end', result });
  return result;
}

/** A lifecycle step at most this long (the embedded reference's 5 ms) makes the lifecycle stage CPU-bound, not wait-bound. */
const fastLifecycleStepMs = 50;

/**
 * How many event-watching checks run at once: 16 against a target the client does not pace, so slow lifecycles
 * (a simulator's 1 s steps) overlap; as many as other checks where it keeps a rate (spec §8: 100 requests a minute),
 * since their polls share it, or where a lifecycle takes milliseconds: then nothing is gained by overlapping them, and
 * every watcher's webhook gets the events of every other watcher's messages, so deliveries grow with the square of the
 * watchers at once (16: ~1,330 deliveries in a default run, 4: ~600, the same checks and requests; decision 0008).
 */
function eventWatchers(concurrency: number, target: Target): number {
  const fast = target.lifecycleStepMs !== undefined && target.lifecycleStepMs <= fastLifecycleStepMs;
  return clientRatePerMinute(target) === null && !fast ? Math.max(concurrency, 16) : concurrency;
}

/** The clean-up bounds after a stop: the whole clean-up within 5 s. */
const interruptedCleanup = { deadlineMs: 5_000, timeoutMs: 2_000 };

function optionalRuns(runs: number | undefined): { runs?: number } {
  return runs === undefined ? {} : { runs };
}

async function defaultRegistry(): Promise<CheckRegistry> {
  const { loadRegistry } = await import('../load-registry.js');
  return loadRegistry();
}

/** The result of a planned check that did not run, with why. */
export function skippedResult(planned: PlannedCheck, reason: string): CheckResult {
  const { check } = planned;
  return {
    id: check.id,
    title: check.title,
    suite: check.suite,
    requirements: [...check.requirements],
    level: check.level,
    status: 'skipped',
    reason,
    durationMs: 0,
    exchanges: 0,
  };
}
