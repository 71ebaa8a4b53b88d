/** Bounds of the grading queue: exchanges waiting and their bytes. */
export interface QueueBounds {
  readonly maxItems: number;
  readonly maxBytes: number;
}

/**
 * Grades exchanges off the hot path (issue 18: the proxy never blocks on its own work): the request handler only
 * pushes; a setImmediate drain grades for at most `sliceMs` per turn of the event loop, so forwarding waits at most
 * that long for grading. Past its bounds the queue drops the
 * exchange (counted) instead of growing: memory stays bounded however far grading falls behind.
 */
export class GradingQueue<T> {
  private readonly items: { item: T; bytes: number }[] = [];
  private head = 0;
  private bytes = 0;
  private scheduled = false;
  /** Exchanges dropped because the queue was full. */
  dropped = 0;

  constructor(
    private readonly grade: (item: T) => void,
    private readonly bounds: QueueBounds,
    private readonly sliceMs = 1,
  ) {}

  /** Queues an item of `bytes` size; false when it was dropped. */
  push(item: T, bytes: number): boolean {
    if (this.items.length - this.head >= this.bounds.maxItems || this.bytes + bytes > this.bounds.maxBytes) {
      this.dropped += 1;
      return false;
    }
    this.items.push({ item, bytes });
    this.bytes += bytes;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain(this.sliceMs));
    }
    return true;
  }

  /** Grades everything still queued, now (at the end of a session). */
  flush(): void {
    this.drain(Infinity);
  }

  private drain(budgetMs: number): void {
    this.scheduled = false;
    const until = performance.now() + budgetMs;
    while (this.head < this.items.length && performance.now() < until) {
      const next = this.items[this.head] as { item: T; bytes: number };
      this.items[this.head] = undefined as never;
      this.head += 1;
      this.bytes -= next.bytes;
      try {
        this.grade(next.item);
      } catch (error) {
        // a grading bug must never take the proxy down: the exchange is counted as dropped and the error shown once
        this.dropped += 1;
        if (this.dropped === 1) console.error(`proxy: grading failed (${(error as Error).message}); further failures are only counted`);
      }
    }
    if (this.head === this.items.length) {
      this.items.length = 0;
      this.head = 0;
    } else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.drain(this.sliceMs));
    }
  }
}
