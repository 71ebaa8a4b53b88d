import type { Requirement } from '../../spec/requirements.js';
import type { Selection } from '../checks/index.js';
import type { CheckResult, KnownFailures, RunInterruption, RunResult, SetupProblem } from '../../results/run-result.js';
import type { Shard } from './shard-spec.js';
import { runOutcome } from './run-outcome.js';

/** The format tag of a shard file. */
export const shardFormat = 'sms-conformance-shard/1';

/** A mergeable slice of a sharded run (shard-i-of-n.json): the slice's RunResult plus what merging must agree on. */
export interface ShardResult {
  readonly format: typeof shardFormat;
  readonly shard: Shard;
  readonly seed: number;
  readonly runs: number;
  readonly failOn: 'must' | 'should';
  readonly selection: Selection;
  /** The harness package name and version: slices of different harness versions do not merge. */
  readonly harness: { readonly name: string; readonly version: string };
  /** The target as described by the run, how it was given (--target) and the reference faults switched on. */
  readonly target: { readonly name: string; readonly profile: string; readonly spec: string; readonly faults: readonly string[] };
  /** Every planned check id of the whole (unsharded) run, in run order. */
  readonly plan: readonly string[];
  /** The ids this shard reports; result.checks holds exactly these. */
  readonly owned: readonly string[];
  readonly result: RunResult;
}

/** What differs from the template when a result is rebuilt from a subset or a union of check results. */
export interface ResultParts {
  readonly checks: readonly CheckResult[];
  readonly setupError?: SetupProblem | undefined;
  /** The slice's stop, when it was stopped (a merge refuses a partial slice). */
  readonly interrupted?: RunInterruption | undefined;
  /** The known-failures baseline to judge the checks by (--baseline), if any: the template's outcome is not kept. */
  readonly knownFailures?: KnownFailures | undefined;
  readonly overrides?: ResultOverrides;
}

/** The run-wide figures a rebuilt result may replace. */
export type ResultOverrides = Partial<Pick<RunResult, 'target' | 'startedAt' | 'durationMs' | 'requestsSent' | 'sends' | 'cleanup'>>;

/** Rebuilds a RunResult around other check results: blocking, operations, root causes, matrix, counts, verdict and exit code follow them. */
export function resultWithChecks(template: RunResult, parts: ResultParts): RunResult {
  // the template's matrix lists the whole requirement catalogue, so the catalogue need not be loaded again
  const catalogue: Requirement[] = template.requirements.map(({ id, section, level, text, uncheckable }) => ({
    id,
    section,
    level,
    text,
    ...(uncheckable === undefined ? {} : { uncheckable }),
  }));
  const { setupError: _replaced, interrupted: _stopped, knownFailures: _judged, ...rest } = template;
  return {
    ...rest,
    ...parts.overrides,
    ...runOutcome(parts.checks, catalogue, template.failOn, parts.setupError, parts.interrupted, parts.knownFailures),
    ...(parts.setupError ? { setupError: parts.setupError } : {}),
    ...(parts.interrupted ? { interrupted: parts.interrupted } : {}),
  };
}
