import type { Receiver } from '../../receiver/index.js';
import type { CheckResult } from '../../results/run-result.js';
import type { HttpClient, Patience, Target } from '../../targets/index.js';
import type { RunBaselines, SharedSends } from '../checks/index.js';

/** What running one check needs from the run. */
export interface CheckRunEnvironment {
  readonly http: HttpClient;
  readonly target: Target;
  readonly seed: number;
  readonly runs: number;
  /** Most items a check takes from a fixed case list (Infinity = all). */
  readonly samples: number;
  readonly timeoutMs: number;
  readonly baselines: RunBaselines;
  /** Why the baseline of an operation was skipped (its dependants are skipped too). */
  readonly baselineSkips: Map<string, string>;
  /** The positive baseline of the operation that finished without passing (first in plan order), if any. */
  readonly blockingBaseline: (operationId: string) => CheckResult | undefined;
  /** Where the run first saw the operation answer a 2xx (a check id), if it did: its route exists. */
  readonly servedBy?: (operationId: string) => string | undefined;
  readonly receiver?: Receiver;
  readonly receiverProblem?: string;
  /** The run's patience (decision 35): waits and the check deadline stretch by it. */
  readonly patience?: Patience;
  readonly onLog: (id: string, message: string) => void;
  /** Aborted when the run is interrupted (Ctrl-C): the running check ends at once as errored. */
  readonly runSignal?: AbortSignal;
  /** Keep the check's redacted exchanges in its result (CheckResult.trace). */
  readonly recordExchanges?: boolean;
  /** What checks of this run sent for others to judge too (CheckContext.shared). */
  readonly shared: SharedSends;
}
