import { sleep } from './rate-limiter.js';

/**
 * At most `limit` requests in any `windowMs` (a sliding log), so a target that counts a sliding or fixed minute
 * never sees request limit+1 within it (spec §8: 100 per minute per key). A token bucket would let the 101st
 * through after 600 ms.
 */
export class WindowLimiter {
  private readonly stamps: number[] = [];

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    // our stamp is taken before the request leaves; the target's when it arrives: keep a margin for the gap
    private readonly marginMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit > 0)) throw new RangeError(`WindowLimiter limit must be > 0, got ${limit}`);
  }

  /** Takes a slot, waiting until the oldest request of the window has left it; rejects when the signal aborts. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.stamps.length > 0 && (this.stamps[0] as number) <= now - this.windowMs - this.marginMs) this.stamps.shift();
      if (this.stamps.length < this.limit) {
        this.stamps.push(now);
        return;
      }
      await sleep((this.stamps[0] as number) + this.windowMs + this.marginMs - now + 1, signal);
    }
  }
}
