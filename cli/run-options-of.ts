import type { loadRegistry } from '../suites/index.js';
import type { RunEvent, RunOptions } from '../suites/engine/index.js';
import type { Redactor } from '../targets/index.js';
import type { ResolvedRun } from './resolve-run.js';

/** The engine options of a resolved conform run (one place for a whole run and a shard). */
export function runOptionsOf(
  run: ResolvedRun,
  registry: Awaited<ReturnType<typeof loadRegistry>>,
  redactor: Redactor,
  onEvent: (event: RunEvent) => void,
): RunOptions {
  return {
    target: run.target,
    registry,
    selection: run.selection,
    failOn: run.failOn,
    allowBillable: run.allowBillable,
    allowRecipients: run.allowRecipients,
    allowRateLimitCheck: run.allowRateLimitCheck,
    handleSignals: true,
    redactor,
    onEvent,
    ...runTuningOf(run),
    maxSends: run.maxSends,
    receiverPort: run.receiverPort,
    // the HAR report holds every exchange of the run: the engine keeps them only when asked
    ...(run.reporters.includes('har') ? { recordExchanges: true } : {}),
  };
}

/** The run's seed, case count, deadlines, budget and concurrency (shared by whole runs, shards and parity runs). */
export function runTuningOf(run: ResolvedRun): Pick<RunOptions, 'seed' | 'runs' | 'timeBudgetMinutes' | 'timeoutMs' | 'requestTimeoutMs' | 'maxRequests' | 'concurrency'> {
  return {
    seed: run.seed,
    runs: run.runs,
    timeBudgetMinutes: run.timeBudgetMinutes,
    timeoutMs: run.timeoutMs,
    requestTimeoutMs: run.requestTimeoutMs,
    maxRequests: run.maxRequests,
    concurrency: run.concurrency,
  };
}
