import type { Requirement } from '../../spec/requirements.js';
import { foldFailures } from './blocking.js';
import { operationsOverview } from './operations-overview.js';
import type { RunResult } from './result.js';
import type { CheckResult, SetupProblem } from './result.js';
import { rootCauses } from './root-causes.js';
import { exitCodeFor, requirementsMatrix, summarize } from './summarize.js';

/** The parts of a RunResult that follow from its check results alone. */
export type RunOutcome = Pick<RunResult, 'checks' | 'operations' | 'rootCauses' | 'requirements' | 'summary' | 'verdict' | 'exitCode'>;

/**
 * Everything a run concludes from its check results (plan order): the folding pass, the operations overview, the
 * root causes, the requirements matrix, the counts, verdict and exit code. One function, so a whole run, a shard and a
 * merge of shards conclude alike.
 */
export function runOutcome(
  results: readonly CheckResult[],
  catalogue: readonly Requirement[],
  failOn: 'must' | 'should',
  setupError?: SetupProblem,
): RunOutcome {
  const checks = foldFailures(results);
  const requirements = requirementsMatrix(catalogue, checks);
  const exitCode = setupError ? 2 : exitCodeFor(checks, failOn);
  return {
    checks,
    operations: operationsOverview(checks),
    rootCauses: rootCauses(checks),
    requirements,
    summary: summarize(checks, requirements),
    verdict: exitCode === 0 ? 'conforms' : exitCode === 1 ? 'does-not-conform' : 'not-run',
    exitCode,
  };
}
