import { performance } from 'node:perf_hooks';
import type { Exchange, ExchangeError } from '../exchange.js';
import type { Redactor } from '../redact.js';
import type { KeyRole } from '../target.js';
import { errorMessage, failed } from '../transport.js';
import { WindowLimiter } from '../window-limiter.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** The key meant to exceed the limit (RATE-LIMIT-100): never throttled here; the budget step bounds it instead. */
export const unthrottledRole: KeyRole = 'rateLimit';

/**
 * Keeps every key role but the rate-limit key to `perWindow` requests per sliding window (spec §8: 100 per minute).
 * The wait is the client's own pacing: it comes before the transport starts the request timeout, and counts in the
 * scope's wait clock so a check's deadline leaves it out. An abort while waiting is the request's error; nothing is sent.
 */
export class ThrottleStep implements RequestStep {
  private readonly limiters = new Map<KeyRole, WindowLimiter>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly redactor: Redactor,
  ) {}

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    const role = call.prepared.record.keyRole;
    if (role === unthrottledRole) return next(call);
    const waitError = await this.waitForSlot(role, call);
    return waitError ? failed(call.id, call.prepared.record, performance.now(), waitError) : next(call);
  }

  private async waitForSlot(role: KeyRole, call: RequestCall): Promise<ExchangeError | undefined> {
    const { waits } = call.scope;
    waits.begin();
    try {
      await this.limiter(role).take(call.signal);
      return undefined;
    } catch (error) {
      return { code: 'ABORTED', message: this.redactor.scrub(`aborted while waiting for the rate limit: ${errorMessage(error)}`) };
    } finally {
      waits.end();
    }
  }

  private limiter(role: KeyRole): WindowLimiter {
    let limiter = this.limiters.get(role);
    if (!limiter) {
      limiter = new WindowLimiter(this.perWindow, this.windowMs);
      this.limiters.set(role, limiter);
    }
    return limiter;
  }
}
