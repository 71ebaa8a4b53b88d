/** Tracks every timer of one reference instance so that stop() leaves no handle behind. */
export class Scheduler {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private stopped = false;

  /** True once stop() was called. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Runs `fn` after `ms` unless stopped first. */
  after(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.set(timer, () => undefined);
  }

  /** Resolves after `ms`, or at once when stopped (callers then check isStopped). */
  sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  /** Clears every timer and releases every sleeper. */
  stop(): void {
    this.stopped = true;
    for (const [timer, release] of this.timers) {
      clearTimeout(timer);
      release();
    }
    this.timers.clear();
  }
}
