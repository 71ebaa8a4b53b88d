import { writeReports } from '../reports/index.js';
import { requirements } from '../spec/requirements.js';
import { loadRegistry } from '../suites/index.js';
import { planRun, runConformance } from '../suites/engine/index.js';
import { isHarnessError, Redactor } from '../targets/index.js';
import { parseConformArgs } from './args.js';
import { loadConfigFile } from './config-file.js';
import { helpText } from './help-text.js';
import { progressPrinter } from './progress.js';
import type { ProgressStream } from './progress.js';
import { resolveRun } from './resolve-run.js';
import type { ResolvedRun } from './resolve-run.js';

/** The streams and environment of one CLI invocation. */
export interface CliIo {
  readonly stdout: ProgressStream;
  readonly stderr: ProgressStream;
  readonly env: NodeJS.ProcessEnv;
}

/** `npm run conform`: parses, runs, writes reports; returns the exit code (0 conforms, 1 does not, 2 usage/set-up). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const args = parseConformArgs(argv);
    if (args.help) {
      io.stdout.write(helpText);
      return 0;
    }
    const config = args.config ? await loadConfigFile(args.config, io.env) : {};
    const run = resolveRun(args, config, io.env);
    const registry = await loadRegistry();
    if (args.list) {
      listPlan(run, registry, io.stdout);
      return 0;
    }
    const redactor = new Redactor();
    const result = await runConformance({
      target: run.target,
      registry,
      selection: run.selection,
      failOn: run.failOn,
      allowBillable: run.allowBillable,
      redactor,
      onEvent: progressPrinter(io.stderr),
      ...(run.seed === undefined ? {} : { seed: run.seed }),
      ...(run.runs === undefined ? {} : { runs: run.runs }),
      ...(run.timeoutMs === undefined ? {} : { timeoutMs: run.timeoutMs }),
      ...(run.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: run.requestTimeoutMs }),
      ...(run.maxRequests === undefined ? {} : { maxRequests: run.maxRequests }),
      ...(run.concurrency === undefined ? {} : { concurrency: run.concurrency }),
    });
    const written = await writeReports(result, { outDir: run.outDir, reporters: run.reporters, redact: (text) => redactor.scrub(text) });
    if (written.console) io.stdout.write(written.console);
    for (const file of written.files) io.stdout.write(`report: ${file}\n`);
    if (result.setupError) io.stderr.write(`conform: ${result.setupError.message}\n`);
    return result.exitCode;
  } catch (error) {
    if (isHarnessError(error)) {
      io.stderr.write(`conform: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`conform: internal error (a harness bug, please report it): ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}

function listPlan(run: ResolvedRun, registry: Awaited<ReturnType<typeof loadRegistry>>, out: ProgressStream): void {
  const plan = planRun(registry, run.selection, { target: run.target, requirements, allowBillable: run.allowBillable });
  const profile = run.target.profile.name;
  out.write(`${plan.length} checks for target ${run.target.name} (profile ${profile}), fail-on ${run.failOn}:\n`);
  for (const { check, skip, dependency } of plan) {
    const notes = [skip ? `skip: ${skip}` : '', dependency ? 'baseline of a selected check' : ''].filter(Boolean).join('; ');
    out.write(`${check.id.padEnd(36)} ${check.level.padEnd(7)} ${check.suite.padEnd(26)} ${check.requirements.join(',')}${notes ? `  (${notes})` : ''}\n`);
  }
}
