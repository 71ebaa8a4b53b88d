import { onAbort } from './on-abort.js';

/** A token bucket: `perMinute` requests per 60 s, refilled continuously; take() waits for a token. */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(perMinute > 0)) throw new RangeError(`RateLimiter perMinute must be > 0, got ${perMinute}`);
    this.tokens = perMinute;
    this.last = now();
  }

  /** Takes a token, waiting as long as needed; rejects when the signal aborts. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
      await sleep(waitMs, signal);
    }
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.perMinute, this.tokens + ((now - this.last) * this.perMinute) / 60_000);
    this.last = now;
  }
}

/** Resolves after ms, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let unsubscribe = (): void => {};
    const timer = setTimeout(() => {
      unsubscribe();
      resolve();
    }, ms);
    if (signal)
      unsubscribe = onAbort(signal, () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
  });
}
