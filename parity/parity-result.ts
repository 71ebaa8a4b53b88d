import type { CheckStatus } from '../suites/engine/index.js';
import type { SimulatorCategory } from './parity-rules.js';

/** What the spec says about a difference: which side conforms, if either (from the check verdicts and levels). */
export type SpecVerdict = 'a-conforms' | 'b-conforms' | 'both-conform' | 'neither-conforms' | 'not-decided';

/** The kinds of behaviour compared. */
export type BehaviourKind = 'exchange' | 'sequence' | 'deliveries' | 'verdict' | 'applicability' | 'run';

/** One behaviour with each side's answer. */
export interface ParityRow {
  /** The suite (area) of the check, or "run" for run-wide behaviours. */
  readonly area: string;
  readonly check?: { readonly id: string; readonly title: string; readonly level: string; readonly requirements: readonly string[] };
  readonly kind: BehaviourKind;
  /** What was done, e.g. "#2 POST /v1/messages [key growth] {from:string, message:string, to:string}". */
  readonly behaviour: string;
  readonly a: string;
  readonly b: string;
  /** False when the behaviour cannot be compared (e.g. skipped on both sides): not counted in the score. */
  readonly compared: boolean;
  readonly same: boolean;
  /** The details of a difference, one line each. */
  readonly details?: readonly string[];
  readonly spec?: { readonly verdict: SpecVerdict; readonly why: string };
  readonly expectedOfSimulator?: { readonly category: SimulatorCategory; readonly label: string };
  /** curl reproductions and re-run commands of each side (keys as $CONFORM_API_KEY, secrets redacted). */
  readonly reproduction?: { readonly a?: string; readonly b?: string };
}

/** One side of the comparison. */
export interface ParitySide {
  readonly spec: string;
  readonly name: string;
  readonly profile: string;
  readonly baseUrl: string;
  readonly verdict: string;
  readonly statuses: Readonly<Record<CheckStatus, number>>;
  readonly setupError?: string;
  /** The setup problem's code (e.g. KEY_REFUSED), with setupError. */
  readonly setupCode?: string;
}

/** The outcome of a parity run: the rows, grouped by area in reports, and the score. */
export interface ParityResult {
  readonly a: ParitySide;
  readonly b: ParitySide;
  readonly seed: number;
  readonly runs: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly rows: readonly ParityRow[];
  /** Matching behaviours / compared behaviours. */
  readonly score: { readonly matching: number; readonly compared: number; readonly percent: number };
  readonly differences: { readonly total: number; readonly expectedOfSimulator: number; readonly unexpected: number };
}
