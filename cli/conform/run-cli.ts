import { writeReports } from '../../reports/index.js';
import { requirements } from '../../spec/requirements.js';
import { loadRegistry } from '../../suites/index.js';
import type { PlannedCheck } from '../../suites/engine/index.js';
import {
  clientRatePerMinute,
  defaultRuns,
  fitCaseBudget,
  formatPlanReport,
  guardsSends,
  planContextFor,
  planReport,
  planRun,
  runConformance,
  runTuningOf,
} from '../../suites/engine/index.js';
import { defaultMaxSends, isHarnessError, referenceFaults } from '../../targets/index.js';
import type { Redactor } from '../../targets/index.js';
import { parseConformArgs } from './args.js';
import { stopOf } from './cli-io.js';
import type { CliIo } from './cli-io.js';
import { addApiKeys, cliRedactor } from './cli-redactor.js';
import { loadConfigFile } from './config-file.js';
import { helpText } from './help-text.js';
import { faultListText, listsFaults } from '../shared/fault-list.js';
import { assertKnownFaults, faultsNamed } from './known-faults.js';
import { preflight } from './preflight.js';
import { progressPrinter } from './progress.js';
import type { ProgressStream } from './progress.js';
import { reachableFirst } from './reachable-first.js';
import { planPlaceholderKey, resolveRun } from './resolve-run.js';
import type { ResolvedRun } from './resolve-run.js';
import { mergeCli, shardCli } from './shard-cli.js';
import { printWritten } from './print-written.js';
import { assertKnownChecks } from './baseline-file.js';
import { concludeRun, knownFailuresOf, readGateInputs } from './gate-inputs.js';

export type { CliIo } from './cli-io.js';

/** `npm run conform`: parses, runs, writes reports; returns the exit code (0 conforms, 1 does not, 2 usage/set-up, 3 inconclusive). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // DESIGN.md §5: every message this command prints is scrubbed of the keys it was given
  const redactor = cliRedactor(io.env);
  let release = (): void => {};
  try {
    const args = parseConformArgs(argv);
    addApiKeys(redactor, args);
    if (args.help) {
      io.stdout.write(helpText);
      return 0;
    }
    if (listsFaults(args.fault)) {
      io.stdout.write(faultListText(await referenceFaults()));
      return 0;
    }
    const config = args.config ? await loadConfigFile(args.config, io.env, (note) => io.stderr.write(`conform: ${note}\n`)) : {};
    addApiKeys(redactor, config);
    // usage errors (flags, environment, config file, selection) all surface here: before a target starts or a report is written
    const run = await reachableFirst(() => resolveRun(args, config, io.env));
    await assertKnownFaults(faultsNamed(run.faults, run.targetSpec, run.compare?.spec));
    const inputs = await readGateInputs(run);
    // set-up before anything starts: --out and its lock, receiver ports, a container engine (exit 2, nothing written)
    const writes = !args.plan && !args.list;
    release = await preflight(run, { reports: writes, lock: writes && run.shard === undefined, targets: run.merge === undefined });
    if (run.merge !== undefined) return await mergeCli(run, run.merge, redactor, io, inputs);
    const registry = await loadRegistry();
    const checkIds = new Set(registry.all().map((check) => check.id));
    assertKnownChecks(inputs.baseline, checkIds);
    const plan = planRun(registry, run.selection, planContextFor(run, requirements));
    if (args.plan) {
      io.stdout.write(planText(run, plan));
      return 0;
    }
    if (args.list) {
      listPlan(run, plan, io.stdout);
      return 0;
    }
    if (run.compare) return await compareCli(run, run.compare, registry, run.compare.sharedFlags, redactor, io);
    if (run.shard) return await shardCli({ ...run, ...knownFailuresOf(inputs) }, run.shard, registry, redactor, io);
    io.beforeRun?.({ runs: run.runs ?? defaultRuns(run.target), paced: clientRatePerMinute(run.target) !== null });
    const ran = await runConformance({
      ...run,
      ...knownFailuresOf(inputs),
      registry,
      plan,
      redactor,
      onEvent: progressPrinter(io.stderr, { reproduce: run.reproduce }),
      ...stopOf(io),
    });
    // a set-up problem says nothing of the target: one line, exit 2, no verdict written (earlier reports stay)
    if (ran.setupError) {
      io.stderr.write(`conform: ${redactor.scrub(ran.setupError.message)}\n`);
      return ran.exitCode;
    }
    const result = await concludeRun(ran, inputs, { checkIds, redact: (text) => redactor.scrub(text), stdout: io.stdout, stderr: io.stderr });
    const written = await writeReports(result, {
      outDir: run.outDir,
      reporters: run.reporters,
      redact: (text) => redactor.scrub(text),
      ...(io.env.GITHUB_STEP_SUMMARY ? { stepSummary: io.env.GITHUB_STEP_SUMMARY } : {}),
    });
    printWritten(result, written, io.stdout, (text) => redactor.scrub(text));
    return result.exitCode;
  } catch (error) {
    if (isHarnessError(error)) {
      io.stderr.write(`conform: ${redactor.scrub(error.message)}\n`);
      return error.exitCode;
    }
    io.stderr.write(`conform: internal error (a harness bug, please report it): ${redactor.scrub((error as Error).stack ?? String(error))}\n`);
    return 2;
  } finally {
    release();
  }
}

/** --compare: a parity run of --target (A) and --compare (B); exit 1 when a difference is not expected of a simulator. */
async function compareCli(
  run: ResolvedRun,
  compare: NonNullable<ResolvedRun['compare']>,
  registry: Awaited<ReturnType<typeof loadRegistry>>,
  sharedFlags: readonly string[],
  redactor: Redactor,
  io: CliIo,
): Promise<number> {
  // parity is loaded only for --compare (start-up time of every other command)
  const { loadParityRules, parityHeadline, runParity, writeParityReports } = await import('../../parity/index.js');
  // both sides at once: failures at once and, every 10 s without one, what each side still runs
  const progress = { a: progressPrinter(io.stderr, { label: 'A ', quiet: true }), b: progressPrinter(io.stderr, { label: 'B ', quiet: true }) };
  const result = await runParity({
    a: { target: run.target, spec: run.targetSpec },
    b: compare,
    registry,
    selection: run.selection,
    allowBillable: run.allowBillable,
    sharedFlags,
    onEvent: (side, event) => progress[side](event),
    ...(io.signal ? { signal: io.signal } : {}),
    ...(run.parityRules ? { rules: await loadParityRules(run.parityRules) } : {}),
    ...runTuningOf(run),
  });
  const files = await writeParityReports(result, { outDir: run.outDir, redact: (text) => redactor.scrub(text) });
  io.stdout.write(`${parityHeadline(result)}\nA ${result.a.spec}: ${result.a.verdict}; B ${result.b.spec}: ${result.b.verdict}\n`);
  for (const file of files) io.stdout.write(`report: ${file}\n`);
  if (result.a.setupError || result.b.setupError) {
    for (const [label, side] of [
      ['A', result.a],
      ['B', result.b],
    ] as const) {
      if (!side.setupError) continue;
      // B's keys have their own flags; the engine's hint names A's
      const hint = label === 'B' && side.setupCode === 'KEY_REFUSED' ? ' For B give its own keys: --compare-api-key or CONFORM_COMPARE_API_KEY.' : '';
      io.stderr.write(`conform: ${label} (${side.spec}): ${redactor.scrub(side.setupError)}${hint}\n`);
    }
    return 2;
  }
  return result.differences.unexpected === 0 ? 0 : 1;
}

function listPlan(run: ResolvedRun, plan: readonly PlannedCheck[], out: ProgressStream): void {
  const profile = run.target.profile.name;
  out.write(`${plan.length} checks for target ${run.target.name} (profile ${profile}), fail-on ${run.failOn}:\n`);
  for (const { check, skip, dependency } of plan) {
    const notes = [skip ? `skip: ${skip}` : '', dependency ? 'baseline of a selected check' : ''].filter(Boolean).join('; ');
    out.write(`${check.id.padEnd(36)} ${check.level.padEnd(7)} ${check.suite.padEnd(26)} ${check.requirements.join(',')}${notes ? `  (${notes})` : ''}\n`);
  }
}

/** --plan: what would run and what it would cost, without starting the target or sending anything. */
function planText(run: ResolvedRun, plan: readonly PlannedCheck[]): string {
  const budget = fitCaseBudget(plan, {
    target: run.target,
    ...(run.runs === undefined ? {} : { runs: run.runs }),
    ...(run.timeBudgetMinutes === undefined ? {} : { timeBudgetMinutes: run.timeBudgetMinutes }),
  });
  const report = planReport(plan, {
    target: { name: run.target.name, profile: run.target.profile.name },
    budget,
    keyless: run.target.keys.growth === planPlaceholderKey,
    guarded: guardsSends(run.target),
    allowSend: run.allowBillable,
    allowRecipients: run.allowRecipients,
    maxSends: run.maxSends ?? defaultMaxSends,
    ratePerMinute: clientRatePerMinute(run.target),
  });
  return formatPlanReport(report);
}
