import type { CheckStatus } from '../suites/engine/index.js';
import type { SimulatorCategory } from './parity-rules.js';

/** One side's accepted request and its answer for an operation, as they went on the wire (redacted, cut). */
export interface AcceptedExchange {
  /** "POST /v1/messages {"to":…,"body":…}" */
  readonly request: string;
  /** "201 {"id":…,"body":…}" */
  readonly answer: string;
}

/** An operation with A's and B's first request it accepted (2xx) and the answer, and the names they differ in. */
export interface AcceptedPair {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly a?: AcceptedExchange;
  readonly b?: AcceptedExchange;
  /** Field names one side sends or answers and the other does not: "request: A message, B body" (empty: none). */
  readonly names: readonly string[];
}

/** What the spec says about a difference: which side breaks it, if either (from the check verdicts and the catalogue). */
export type SpecVerdict = 'a-breaks' | 'b-breaks' | 'both-break' | 'both-conform' | 'not-decided';

/** The kinds of behaviour compared; `operation`: one row for an operation that works on one side only, with the rows it caused folded in. */
export type BehaviourKind = 'operation' | 'exchange' | 'sequence' | 'deliveries' | 'verdict' | 'applicability' | 'run';

/** A requirement of spec/requirements.yaml that a side breaks. */
export interface BrokenRequirement {
  readonly id: string;
  readonly section: string;
  readonly level: 'must' | 'should' | 'observe';
}

/** The spec's word on a difference. */
export interface RowSpec {
  readonly verdict: SpecVerdict;
  readonly why: string;
  /** The requirements the breaking side(s) break. */
  readonly breaks?: readonly BrokenRequirement[];
  /** spec: a must requirement decides it; design: only should requirements (DESIGN.md's choice where the spec is silent). */
  readonly decidedBy?: 'spec' | 'design';
}

/** An operation row: the operation, and what was folded into it. */
export interface OperationCause {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  /** The spec section that defines the endpoint (spec §4.x). */
  readonly section: string;
  /** The side(s) where it does not work. */
  readonly brokenOn: 'a' | 'b' | 'both';
  /** Other operations that could not be tried because of it (they need what it creates). */
  readonly alsoBlocks: readonly string[];
  /** The checks whose rows were folded into this one (blocked behind it, or its own baselines). */
  readonly checks: readonly string[];
  /** How many behaviour rows were folded into this one. */
  readonly rows: number;
}

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
  readonly spec?: RowSpec;
  /** kind operation: the operation and what was folded into its row. */
  readonly operation?: OperationCause;
  readonly expectedOfSimulator?: { readonly category: SimulatorCategory; readonly label: string };
  /**
   * Each side's commands that reproduce the row when pasted: `npm run conform` with that side's target, profile and key
   * variables (A: $CONFORM_API_KEY…, B with keys of its own: $CONFORM_COMPARE_API_KEY…), then the request as curl when
   * the target outlives the run (a URL target). Never a key or secret.
   */
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
  /** Rows folded into operation rows (a blocked or missing operation is one difference, not one per check). */
  readonly folded: { readonly operations: number; readonly rows: number };
  /** Per operation, the first request each side accepted and its answer, side by side, with the names they differ in. */
  readonly accepted: readonly AcceptedPair[];
  /** The environment variables each side's reproductions read the keys from (e.g. growth: CONFORM_COMPARE_API_KEY). */
  readonly keyVariables: { readonly a: Readonly<Record<string, string>>; readonly b: Readonly<Record<string, string>> };
}
