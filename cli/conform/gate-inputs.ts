import { runChanges } from '../../suites/engine/index.js';
import type { KnownFailures, RunResult } from '../../suites/engine/index.js';
import { baselineWrittenLine, readBaseline, writeBaseline } from './baseline-file.js';
import type { BaselineInput } from './baseline-file.js';
import type { ProgressStream } from './progress.js';
import { readPreviousRun } from './previous-run-file.js';
import type { PreviousRunInput } from './previous-run-file.js';
import type { ResolvedRun } from './resolve-run.js';

/** The files a run is judged by or compared with (--baseline, --compare-run), read before anything starts. */
export interface GateInputs {
  readonly baseline?: BaselineInput;
  readonly previous?: PreviousRunInput;
}

/** Reads --baseline and --compare-run: a file missing or malformed is an error of one line (exit 2), before anything starts or is written. */
export async function readGateInputs(run: Pick<ResolvedRun, 'baseline' | 'compareRun'>): Promise<GateInputs> {
  const [baseline, previous] = await Promise.all([readBaseline(run), readPreviousRun(run.compareRun)]);
  return { ...(baseline ? { baseline } : {}), ...(previous ? { previous } : {}) };
}

/** The known failures the engine judges the run by (RunDescription.knownFailures). */
export function knownFailuresOf(inputs: GateInputs): { knownFailures?: KnownFailures } {
  return inputs.baseline ? { knownFailures: inputs.baseline.knownFailures } : {};
}

/**
 * What a finished run (or merge) adds before its reports: --baseline-update writes the file and judges the run by it
 * (not for a stopped run: its results are partial); --compare-run adds what changed since that run.
 */
export async function concludeRun(
  result: RunResult,
  inputs: GateInputs,
  options: {
    readonly checkIds?: ReadonlySet<string>;
    readonly redact: (text: string) => string;
    readonly stdout: ProgressStream;
    readonly stderr: ProgressStream;
  },
): Promise<RunResult> {
  let concluded = result;
  if (inputs.baseline?.update && result.interrupted !== undefined) {
    options.stderr.write(
      `conform: ${inputs.baseline.knownFailures.file} not updated: the run was stopped before it finished (run it again with --baseline-update).\n`,
    );
  } else if (inputs.baseline?.update) {
    const written = await writeBaseline(inputs.baseline, result, options);
    options.stdout.write(options.redact(baselineWrittenLine(inputs.baseline.knownFailures.file, written.update)));
    concluded = written.result;
  }
  if (inputs.previous) concluded = { ...concluded, changes: runChanges(inputs.previous.run, inputs.previous.file, concluded) };
  return concluded;
}
