import { performance } from 'node:perf_hooks';

/**
 * Wall time during which at least one of a scope's requests waited for the client's rate limit: overlapping waits
 * count once, so a check's deadline can leave out the time the client itself held its requests back.
 */
export class WaitClock {
  private active = 0;
  private since = 0;
  private done = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A request starts waiting. */
  begin(): void {
    if (this.active++ === 0) this.since = this.now();
  }

  /** A request stops waiting (it got its slot, or gave up). */
  end(): void {
    if (this.active === 0) return;
    if (--this.active === 0) this.done += this.now() - this.since;
  }

  /** Milliseconds waited so far, including a wait still in progress. */
  get ms(): number {
    return this.done + (this.active > 0 ? this.now() - this.since : 0);
  }
}
