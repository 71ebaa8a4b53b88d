import type { DeliverySettings } from './delivery-grader.js';
import type { TallySnapshot, Violation } from './session-tally.js';

/** What the grading thread grades with: the proxy's contract grading, or the forwarder's delivery grading. */
export type GraderSettings =
  { readonly session: 'proxy'; readonly idempotencyKeys: number } | { readonly session: 'forwarder'; readonly delivery: DeliverySettings };

/** Messages to the grading thread. */
export type ToGrader =
  | { readonly type: 'start'; readonly settings: GraderSettings }
  /** A batch of exchanges, encoded by exchange-codec.ts. */
  | { readonly type: 'grade'; readonly batch: ArrayBuffer }
  | { readonly type: 'secret'; readonly secret: string }
  | { readonly type: 'finish' };

/** Messages from the grading thread. */
export type FromGrader =
  | {
      readonly type: 'graded';
      /** Exchanges of the batch, all graded or counted as not graded. */
      readonly count: number;
      readonly violations: readonly Violation[];
      /** Secrets learned from the batch (API keys, signing secrets), for the session's redactor. */
      readonly secrets: readonly string[];
      /** The counters so far, sent at most every 100 ms. */
      readonly tally?: TallySnapshot;
      /** The first grading error, once. */
      readonly failure?: string;
    }
  | { readonly type: 'finished'; readonly tally: TallySnapshot; readonly idempotencyKeys: number };
