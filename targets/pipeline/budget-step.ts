import { HarnessError } from '../harness-error.js';
import type { RequestCall, RequestStep } from './request-step.js';
import { unthrottledRole } from './throttle-step.js';

/** The bounds of a run's requests; null = no bound. */
export interface RequestBudget {
  /** Most requests of the run (--max-requests); clean-up requests are counted but never refused. */
  readonly maxRequests: number | null;
  /** Most requests with the rate-limit key, which the throttle lets through (the opt-in rate-limit check is bounded). */
  readonly maxRateLimitKeyRequests: number | null;
}

/** Counts the run's requests and refuses one over its budget with BUDGET_EXCEEDED, before anything is sent. */
export class BudgetStep implements RequestStep {
  private sentCount = 0;
  private rateLimitKeySent = 0;

  constructor(private readonly budget: RequestBudget) {}

  /** Requests the run sent. */
  get sent(): number {
    return this.sentCount;
  }

  check(call: RequestCall): void {
    const { maxRequests, maxRateLimitKeyRequests } = this.budget;
    if (maxRequests !== null && this.sentCount >= maxRequests && !call.options.cleanup) {
      throw new HarnessError(
        'BUDGET_EXCEEDED',
        `Request budget exhausted: this run already sent ${this.sentCount} requests (budget ${maxRequests}). Raise it with --max-requests or select fewer checks / lower --runs.`,
      );
    }
    if (maxRateLimitKeyRequests !== null && isRateLimitKey(call) && this.rateLimitKeySent >= maxRateLimitKeyRequests) {
      throw new HarnessError(
        'BUDGET_EXCEEDED',
        `Rate-limit budget exhausted: ${this.rateLimitKeySent} unthrottled requests with the rate-limit key (bound ${maxRateLimitKeyRequests}). The rate-limit check must prove its point within that bound.`,
      );
    }
  }

  admit(call: RequestCall): void {
    this.sentCount += 1;
    if (isRateLimitKey(call)) this.rateLimitKeySent += 1;
  }
}

function isRateLimitKey(call: RequestCall): boolean {
  return call.prepared.record.keyRole === unthrottledRole;
}
