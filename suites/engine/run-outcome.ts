import type { Requirement } from '../../spec/requirements.js';
import { stopExitCodes } from '../../targets/stop-on-signal.js';
import type { StopSignal } from '../../targets/stop-on-signal.js';
import { foldFailures } from './blocking.js';
import { operationsOverview } from './operations-overview.js';
import type { RunResult } from '../../results/run-result.js';
import type { CheckResult, KnownFailures, RunExitCode, RunInterruption, SetupProblem } from '../../results/run-result.js';
import { judgeKnownFailures } from './known-failures-verdict.js';
import { onlySlownessFails } from './slow-verdict.js';
import { rootCauses } from './root-causes.js';
import { suggestedDialect } from './suggested-dialect.js';
import { exitCodeFor, requirementsMatrix, summarize } from './summarize.js';

/** The parts of a RunResult that follow from its check results alone. */
export type RunOutcome = Pick<
  RunResult,
  'checks' | 'operations' | 'rootCauses' | 'requirements' | 'summary' | 'verdict' | 'exitCode' | 'dialectHint' | 'knownFailures'
>;

/**
 * Everything a run concludes from its check results (plan order): the folding pass, the operations overview (and the
 * --dialect that would read its renamed fields), the root causes, the requirements matrix, the counts, verdict and
 * exit code. One function, so a whole run, a shard and a merge of shards conclude alike. With a known-failures baseline
 * the verdict still says what the target is, and the exit code follows the baseline: 0 when the run fails only what it lists.
 */
export function runOutcome(
  results: readonly CheckResult[],
  catalogue: readonly Requirement[],
  failOn: 'must' | 'should',
  setupError?: SetupProblem,
  interrupted?: RunInterruption,
  knownFailures?: KnownFailures,
): RunOutcome {
  const checks = foldFailures(results);
  const requirements = requirementsMatrix(catalogue, checks);
  const unjudged = exitCodeFor(checks, failOn) === 0 ? [] : onlySlownessFails(checks, failOn);
  const verdict = interrupted
    ? 'interrupted'
    : setupError
      ? 'not-run'
      : exitCodeFor(checks, failOn) === 0
        ? 'conforms'
        : unjudged.length > 0
          ? 'inconclusive'
          : 'does-not-conform';
  const operations = operationsOverview(checks);
  const dialectHint = suggestedDialect(operations);
  const baseline = knownFailures === undefined || setupError !== undefined ? undefined : judgeKnownFailures(checks, failOn, knownFailures);
  const judged = baseline === undefined ? verdict === 'conforms' : baseline.passes;
  return {
    checks,
    operations,
    ...(dialectHint.length > 0 ? { dialectHint } : {}),
    rootCauses: rootCauses(checks),
    requirements,
    summary: summarize(checks, requirements),
    verdict,
    ...(baseline === undefined ? {} : { knownFailures: baseline }),
    exitCode: interrupted ? interruptedExitCode(interrupted.by) : verdict === 'not-run' ? 2 : judged ? 0 : verdict === 'inconclusive' ? 3 : 1,
  };
}

/** The exit code of a run stopped by `by`: the signal's (targets/stop-on-signal.ts); 130, as for Ctrl-C, for a caller's abort. */
export function interruptedExitCode(by: string): RunExitCode {
  return (Object.hasOwn(stopExitCodes, by) ? stopExitCodes[by as StopSignal] : stopExitCodes.SIGINT) as RunExitCode;
}
