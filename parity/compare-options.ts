/** What parity compares: the two sides' runs and what compareRuns needs besides. */
import type { Delivery } from '../receiver/index.js';
import type { Requirement } from '../spec/requirements.js';
import type { CheckRegistry } from '../suites/checks/index.js';
import type { RunResult } from '../suites/engine/index.js';
import type { Redactor, Target } from '../targets/index.js';
import type { ParityRules } from './parity-rules.js';

/** One side's run as parity needs it. */
export interface ParitySideRun {
  /** How the side was named on the command line (reference, reference+fault:<id>, a URL …). */
  readonly spec: string;
  readonly target: Target;
  readonly result: RunResult;
  /** Every delivery the side's receiver captured (raw, in memory only). */
  readonly deliveries: readonly Delivery[];
  readonly redactor: Redactor;
}

/** What compareRuns needs. */
export interface CompareRunsOptions {
  readonly a: ParitySideRun;
  readonly b: ParitySideRun;
  readonly registry: CheckRegistry;
  readonly rules: ParityRules;
  readonly requirements?: readonly Requirement[];
  readonly durationMs?: number;
  /** conform flags both sides ran with (conventions, --allow-send): every re-run command carries them. */
  readonly sharedFlags?: readonly string[];
}
