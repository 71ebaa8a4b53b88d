import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Receiver } from '../../receiver/index.js';
import { requirements as specRequirements } from '../../spec/requirements.js';
import { HttpClient, isHarnessError, maxValueChars, Redactor } from '../../targets/index.js';
import type { Target } from '../../targets/index.js';
import { RunBaselines } from '../checks/index.js';
import type { CheckRegistry } from '../checks/index.js';
import { deleteLeftoverWebhooks, watchTermination } from './cleanup.js';
import { planContextFor, planRun } from './plan.js';
import type { PlannedCheck } from './plan.js';
import type { CheckResult, CleanupReport, RunResult, SetupProblem } from './result.js';
import { runCheck } from './run-check.js';
import { runPool } from './run-pool.js';
import type { CheckRunEnvironment } from './run-check.js';
import type { RunOptions } from './run-options.js';
import { clientRatePerMinute, defaultRuns, guardsRateLimit, rateLimitCheckBound, sendPolicyFor } from './safety.js';
import { exitCodeFor, requirementsMatrix, summarize } from './summarize.js';

/**
 * Runs the selected checks against the target and returns the results as data. Usage errors in the selection throw
 * a HarnessError before anything starts; a target that does not start or answer gives exitCode 2 and setupError.
 */
export async function runConformance(options: RunOptions): Promise<RunResult> {
  const startedAt = new Date();
  const start = performance.now();
  const { target } = options;
  const production = target.profile.name === 'production';
  const registry = options.registry ?? (await defaultRegistry());
  const requirements = options.requirements ?? specRequirements;
  const seed = options.seed ?? randomInt(1, 2 ** 31 - 1);
  const runs = options.runs ?? defaultRuns(target);
  const failOn = options.failOn ?? 'should';
  const redactor = options.redactor ?? new Redactor();
  for (const key of [target.keys.growth, target.keys.starter, target.keys.rateLimit]) redactor.addSecret(key);
  const plan = planRun(registry, options.selection ?? {}, planContextFor(options, requirements));
  const emit = options.onEvent ?? (() => {});
  // Ctrl-C or the caller's signal: stop the checks, skip the rest, and still clean up in finally
  const interrupt = new AbortController();
  const stopRun = (reason: string): void => {
    if (!interrupt.signal.aborted) interrupt.abort(reason);
  };
  if (options.signal?.aborted) stopRun('aborted by the caller');
  options.signal?.addEventListener('abort', () => stopRun('aborted by the caller'), { once: true });
  const detachSignals = options.handleSignals ? watchTermination((signal) => stopRun(signal)) : () => {};

  const results = new Map<string, CheckResult>();
  let setupError: SetupProblem | undefined;
  let http: HttpClient | undefined;
  let receiver: Receiver | undefined;
  let receiverProblem: string | undefined;
  let description = target.describe();
  let sent = 0;
  let cleanup: CleanupReport | undefined;
  try {
    if (plan.some((p) => !p.skip && p.check.needs?.includes('receiver'))) {
      try {
        receiver = await startHarnessReceiver(options.receiverPort);
      } catch (error) {
        receiverProblem = (error as Error).message;
      }
    }
    const startBegan = performance.now();
    await target.start(receiver ? { receiver: { httpUrl: receiver.httpUrl, httpsUrl: receiver.httpsUrl, caPem: receiver.caPem } } : {});
    // time from start to the first check (a container measures its own, from container start to readiness)
    description = { startupMs: Math.round(performance.now() - startBegan), ...target.describe() };
    emit({ type: 'run-start', target: description, total: plan.length, seed });
    http = HttpClient.create({
      baseUrl: target.baseUrl,
      keys: target.keys,
      redactor,
      timeoutMs: options.requestTimeoutMs ?? 10_000,
      ratePerMinute: clientRatePerMinute(target),
      maxRequests: options.maxRequests ?? (production ? 1_000 : 100_000),
      sendPolicy: sendPolicyFor(target, options),
      maxRateLimitRequests: guardsRateLimit(target) ? rateLimitCheckBound : null,
    });
    const env: CheckRunEnvironment = {
      http,
      target,
      seed,
      runs,
      timeoutMs: options.timeoutMs ?? 60_000,
      baselines: new RunBaselines(),
      baselineSkips: new Map(),
      ...(receiver ? { receiver } : {}),
      ...(receiverProblem ? { receiverProblem } : {}),
      onLog: (id, message) => emit({ type: 'check-log', id, message }),
      runSignal: interrupt.signal,
      ...(options.recordExchanges ? { recordExchanges: true } : {}),
    };
    let done = 0;
    const execute = async (planned: PlannedCheck): Promise<CheckResult> => {
      emit({ type: 'check-start', id: planned.check.id, suite: planned.check.suite, title: planned.check.title });
      const result = interrupt.signal.aborted
        ? skippedResult(planned, `not run: the run was interrupted (${String(interrupt.signal.reason)})`)
        : await runCheck(planned, env);
      results.set(result.id, result);
      emit({ type: 'check-end', result, done: ++done, total: plan.length });
      return result;
    };
    const [gate, ...others] = plan as [PlannedCheck, ...PlannedCheck[]];
    const gateResult = await execute(gate);
    if (gateResult.status !== 'passed' && !interrupt.signal.aborted) {
      setupError = unreachable(gateResult, target);
      for (const planned of others) {
        const skipped = skippedResult(planned, setupError.message);
        results.set(skipped.id, skipped);
      }
    } else {
      const concurrency = Math.max(1, options.concurrency ?? 4);
      for (const phase of [1, 2]) {
        const inPhase = others.filter((p) => p.phase === phase);
        await runPool(inPhase.filter((p) => !p.check.exclusive), concurrency, execute);
        // exclusive checks (pagination partition, rate limit) need the target to themselves: one at a time, after the rest
        await runPool(inPhase.filter((p) => p.check.exclusive), 1, execute);
      }
    }
    if (interrupt.signal.aborted) {
      const reason = String(interrupt.signal.reason);
      setupError = { code: 'INTERRUPTED', message: `the run was interrupted (${reason}): the results are incomplete; run it again to finish.` };
      for (const planned of plan) if (!results.has(planned.check.id)) results.set(planned.check.id, skippedResult(planned, `not run: interrupted (${reason})`));
    }
    sent = http.totalSent;
  } catch (error) {
    if (!isHarnessError(error)) throw error;
    setupError = { code: error.code, message: error.message };
    for (const planned of plan) {
      if (!results.has(planned.check.id)) results.set(planned.check.id, skippedResult(planned, `not run: ${error.message}`));
    }
  } finally {
    // DESIGN.md §5: webhooks the run created do not outlive it, also after a failure or Ctrl-C
    if (http) cleanup = await deleteLeftoverWebhooks(http);
    detachSignals();
    await http?.close().catch(() => {});
    await target.stop().catch(() => {});
    if (receiver && options.onDeliveries) options.onDeliveries(receiver.store.all());
    await receiver?.stop().catch(() => {});
  }

  const checks = plan.map((planned) => results.get(planned.check.id) as CheckResult);
  const matrix = requirementsMatrix(requirements, checks);
  const exitCode = setupError ? 2 : exitCodeFor(checks, failOn);
  const result: RunResult = {
    target: description,
    seed,
    runs,
    failOn,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - start),
    checks,
    requirements: matrix,
    summary: summarize(checks, matrix),
    verdict: exitCode === 0 ? 'conforms' : exitCode === 1 ? 'does-not-conform' : 'not-run',
    exitCode,
    ...(setupError ? { setupError: { code: setupError.code, message: redactor.scrub(setupError.message, maxValueChars) } } : {}),
    requestsSent: http?.totalSent ?? sent,
    ...(http ? { sends: http.sends } : {}),
    ...(cleanup && (cleanup.webhooksDeleted.length > 0 || cleanup.webhooksLeft.length > 0) ? { cleanup } : {}),
  };
  emit({ type: 'run-end', result });
  return result;
}

async function defaultRegistry(): Promise<CheckRegistry> {
  const { loadRegistry } = await import('../index.js');
  return loadRegistry();
}

async function startHarnessReceiver(httpPort = 0): Promise<Receiver> {
  const { startReceiver } = await import('../../receiver/index.js');
  return startReceiver({ host: '127.0.0.1', httpPort, httpsPort: 0, tlsNames: ['hooks.conformance.example'] });
}

function skippedResult(planned: PlannedCheck, reason: string): CheckResult {
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

function unreachable(gate: CheckResult, target: Target): SetupProblem {
  const reason = gate.reason ?? gate.status;
  const where = target.describe().baseUrl;
  if (/answered 40[13]\b/.test(reason)) {
    return { code: 'KEY_REFUSED', message: `the target refused the API key: ${reason}. To fix: pass a valid key with --api-key or set CONFORM_API_KEY.` };
  }
  let hint = `check that ${where} is the API origin (without /v1) and that the target is up (--target, --base-url)`;
  if (gate.status === 'errored') hint = `start the target or fix the address: ${where} did not answer (--target, --base-url)`;
  return { code: 'TARGET_UNREACHABLE', message: `target not reachable: ${reason}. To fix: ${hint}.` };
}
