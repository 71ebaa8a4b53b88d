import { afterAll, beforeAll, describe, test } from 'vitest';
import type { TestContext } from 'vitest';
import { writeReports } from '../../reports/write-reports.js';
import { requirements } from '../../spec/requirements.js';
import { planContextFor, planRun, runConformance } from '../../suites/engine/index.js';
import type { CheckResult, RunOptions, RunResult } from '../../suites/engine/index.js';
import { loadRegistry } from '../../suites/index.js';
import type { Target } from '../../targets/target.js';
import { parseConformArgs } from './args.js';
import { addApiKeys, cliRedactor } from './cli-redactor.js';
import { loadConfigFile } from './config-file.js';
import type { RerunContext } from '../../reports/rerun-view.js';
import { failureText } from './failure-text.js';
import { resolveRun } from './resolve-run.js';

/** Options of conformanceSuite. */
export interface ConformanceSuiteOptions {
  /** The sms-conform flags that pick the target and checks, e.g. ['--target', 'production', '--base-url', url, '--suite', 'contract/*']; default: the embedded reference, every suite. --out or --reporter also writes the reports after the run. */
  readonly args?: readonly string[];
  /** A target object instead of --target (e.g. referenceTarget({ faults: [...] })); the flags still select the checks. */
  readonly target?: Target;
  /** Where keys come from (CONFORM_API_KEY, …); default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** The longest a test waits for its check, and the run's start and stop (default 10 min). */
  readonly timeoutMs?: number;
  /** Name of the enclosing describe (default "conformance"). */
  readonly name?: string;
}

interface Deferred {
  readonly promise: Promise<CheckResult>;
  resolve(result: CheckResult): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve!: (result: CheckResult) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<CheckResult>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => undefined); // a test that never ran must not leave an unhandled rejection
  return { promise, resolve, reject };
}

/**
 * Registers the selected checks as vitest tests: a describe per suite, a test per check named with its id and
 * requirement ids. Call it (awaited) at the top of a test file. The engine runs once for the file (one target, one
 * receiver, the CLI's ordering, baselines and blocking), started in beforeAll; each test waits for its own check's
 * result as the run produces it, so failures are the CLI's text (reason, seed, curl) and skipped or blocked checks are
 * skipped with their reason.
 */
export async function conformanceSuite(options: ConformanceSuiteOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  const args = parseConformArgs(options.args ?? []);
  const redactor = cliRedactor(env, args);
  const config = args.config ? await loadConfigFile(args.config, env) : {};
  addApiKeys(redactor, config);
  const run = resolveRun(args, config, env);
  const registry = await loadRegistry();
  // the command line that runs a failure again is the flags' (a target object given in code has none)
  const reproduce = options.target === undefined ? run.reproduce : undefined;
  let context: RerunContext = { seed: 0, runs: 0, target: { baseUrl: '' }, ...(reproduce ? { reproduce } : {}) };
  const runOptions: RunOptions = {
    ...run,
    registry,
    redactor,
    onEvent: (event) => {
      if (event.type === 'run-start') context = { ...context, seed: event.seed, runs: event.runs, target: { baseUrl: event.target.baseUrl } };
      if (event.type === 'check-end') waiting.get(event.result.id)?.resolve(event.result);
    },
    ...(options.target ? { target: options.target } : {}),
    handleSignals: false, // vitest owns the process
  };
  const plan = planRun(registry, run.selection, planContextFor(runOptions, requirements));
  const waiting = new Map(plan.map(({ check }) => [check.id, deferred()]));
  const timeout = options.timeoutMs ?? 600_000;
  let running: Promise<RunResult> | undefined;

  describe(options.name ?? 'conformance', () => {
    beforeAll(() => {
      running = runConformance(runOptions).then((result) => {
        for (const check of result.checks) waiting.get(check.id)?.resolve(check);
        const why = result.setupError ? redactor.scrub(result.setupError.message) : 'the run ended without this check';
        for (const entry of waiting.values()) entry.reject(new Error(`not run: ${why}`));
        return result;
      });
      running.catch((error: unknown) => {
        for (const entry of waiting.values()) entry.reject(error instanceof Error ? error : new Error(String(error)));
      });
    }, timeout);
    afterAll(async () => {
      const result = await running;
      if (result && (args.out !== undefined || args.reporter !== undefined)) {
        await writeReports(result, { outDir: run.outDir, reporters: run.reporters, redact: (text) => redactor.scrub(text) });
      }
    }, timeout);
    for (const suite of [...new Set(plan.map(({ check }) => check.suite))]) {
      describe(suite, () => {
        for (const { check } of plan.filter((entry) => entry.check.suite === suite)) {
          const outcome = waiting.get(check.id) as Deferred;
          test(`${check.id} [${check.requirements.join(', ')}]`, async (ctx) => report(ctx, await outcome.promise, run.failOn, context), timeout);
        }
      });
    }
  });
}

/** Turns a check's result into the test's outcome, as the CLI's verdict counts it (spec levels: observe never fails). */
async function report(ctx: TestContext, result: CheckResult, failOn: 'must' | 'should', run: RerunContext): Promise<void> {
  // compared as text: 'blocked' and 'noted' are outcomes of the engine's newer result types
  const status: string = result.status;
  if (status === 'skipped') ctx.skip(result.reason ?? 'skipped');
  const blockedBy = (result as { blockedBy?: string }).blockedBy;
  if (status === 'blocked') ctx.skip(`blocked${blockedBy ? ` by ${blockedBy}` : ''}: ${result.reason ?? ''}`);
  if (status === 'noted') await ctx.annotate(`noted: ${result.reason ?? ''}`, 'notice');
  if (status !== 'failed' && status !== 'errored') return;
  const text = failureText(result, run);
  const counts = result.level === 'must' || (result.level === 'should' && failOn === 'should');
  if (!counts) {
    await ctx.annotate(`${text}\n  (level ${result.level} does not fail the run with --fail-on ${failOn})`, 'warning');
    return;
  }
  throw new Error(text);
}
