import type { Redactor } from '../targets/redact.js';
import type { WireExchange } from './captured-exchange.js';
import { ExchangeGrader } from './exchange-grader.js';
import type { SessionGrading } from './grading-thread.js';
import type { TallySnapshot, Violation } from './session-tally.js';

/**
 * Grades on the session's own thread, as each exchange completes: --annotate, which holds each answer until its
 * violations are known (the one mode that puts grading on the hot path, by request).
 */
export class InlineGrading implements SessionGrading {
  readonly notGraded = new Map<string, number>();
  readonly ready = Promise.resolve();
  private readonly grader: ExchangeGrader;

  constructor(redactor: Redactor, onViolation: ((violation: Violation) => void) | undefined, idempotencyKeys: number) {
    this.grader = new ExchangeGrader(redactor, onViolation, idempotencyKeys);
  }

  get idempotencyKeys(): number {
    return this.grader.idempotencyKeys;
  }

  get tally(): TallySnapshot {
    return this.grader.tally;
  }

  /** Grades the exchange now; its violations (none when grading failed: it is then counted as not graded). */
  grade(exchange: WireExchange): Violation[] {
    try {
      return this.grader.grade(exchange);
    } catch (error) {
      this.grader.tally.notGradedFor('grading error');
      if (this.grader.tally.notGraded.get('grading error') === 1)
        console.error(`grading failed (${(error as Error).message}); further failures are only counted`);
      return [];
    }
  }

  submit(exchange: WireExchange): void {
    this.grade(exchange);
  }

  /** The session ends: the history rules judge its last calls once more. */
  async finish(): Promise<void> {
    this.grader.judge();
  }
}
