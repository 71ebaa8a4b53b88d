import { writeReports } from '../../reports/index.js';
import type { loadRegistry } from '../../suites/index.js';
import { mergeShards, readShardFiles, runShard, writeShardFile } from '../../suites/engine/index.js';
import type { Shard } from '../../suites/engine/index.js';
import type { Redactor } from '../../targets/index.js';
import { progressPrinter } from './progress.js';
import { stopOf } from './cli-io.js';
import type { CliIo } from './cli-io.js';
import type { ResolvedRun } from './resolve-run.js';
import { printWritten } from './print-written.js';
import { concludeRun, knownFailuresOf } from './gate-inputs.js';
import type { GateInputs } from './gate-inputs.js';

/** The streams and environment the fleet commands use. */
type FleetIo = CliIo;

/** --shard i/n: runs one slice and writes shard-i-of-n.json into --out (the merge job writes the reports); returns the slice's exit code. */
export async function shardCli(
  run: ResolvedRun,
  shard: Shard,
  registry: Awaited<ReturnType<typeof loadRegistry>>,
  redactor: Redactor,
  io: FleetIo,
): Promise<number> {
  const slice = await runShard({ ...run, registry, redactor, onEvent: progressPrinter(io.stderr, { reproduce: run.reproduce }), ...stopOf(io), shard });
  const redact = (text: string): string => redactor.scrub(text);
  const written = await writeReports(slice.result, { reporters: run.reporters.filter((name) => name === 'console'), redact });
  if (written.console) io.stdout.write(written.console);
  const file = await writeShardFile(run.outDir, slice, redact);
  io.stdout.write(
    `shard ${shard.index}/${shard.total}: ${slice.result.checks.length} of ${slice.plan.length} checks (seed ${slice.seed})\nshard result: ${file}\n`,
  );
  if (slice.result.setupError) io.stderr.write(`conform: ${redact(slice.result.setupError.message)}\n`);
  return slice.result.exitCode;
}

/**
 * --merge <dir>: merges every shard result under dir into the reports and exit code of the whole run (judged by
 * --baseline, which --baseline-update writes from the whole run; compared with --compare-run).
 */
export async function mergeCli(run: ResolvedRun, dir: string, redactor: Redactor, io: FleetIo, inputs: GateInputs = {}): Promise<number> {
  const slices = await readShardFiles(dir);
  const merged = mergeShards(slices, knownFailuresOf(inputs).knownFailures);
  const redact = (text: string): string => redactor.scrub(text);
  const result = merged.setupError ? merged : await concludeRun(merged, inputs, { redact, stdout: io.stdout, stderr: io.stderr });
  const written = await writeReports(result, {
    outDir: run.outDir,
    reporters: run.reporters,
    redact: (text) => redactor.scrub(text),
    ...(io.env.GITHUB_STEP_SUMMARY ? { stepSummary: io.env.GITHUB_STEP_SUMMARY } : {}),
  });
  io.stdout.write(`merged ${slices.length} shard results (seed ${result.seed}): ${result.checks.length} checks\n`);
  printWritten(result, written, io.stdout, (text) => redactor.scrub(text));
  if (result.setupError) io.stderr.write(`conform: ${redactor.scrub(result.setupError.message)}\n`);
  return result.exitCode;
}
