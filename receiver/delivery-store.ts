import { ReceiverError } from './errors.js';
import type { Delivery } from './delivery.js';

/** A filter over deliveries. */
export type DeliveryPredicate = (delivery: Delivery) => boolean;

interface Waiter {
  count: number;
  predicate: DeliveryPredicate;
  found: Delivery[];
  resolve(found: Delivery[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** Restarts the timer when a delivery shows the sender still working through a backlog (BacklogWait). */
  backlog?: (delivery: Delivery) => void;
}

/**
 * A wait that goes on while the sender is visibly still working: every arrival matching `while` (e.g. another
 * delivery to the same webhook) restarts the timeout, up to `maxMs` in all. A sender that delivers one webhook's
 * events one at a time can be seconds behind under load; its events are late, not lost, while it keeps delivering.
 */
export interface BacklogWait {
  readonly while: DeliveryPredicate;
  readonly maxMs: number;
}

/** The bounded store of captured deliveries, with waiting on future arrivals. */
export class DeliveryStore {
  private items: Delivery[] = [];
  private head = 0;
  private waiters = new Set<Waiter>();
  private listeners = new Set<(d: Delivery) => void>();
  private droppedCount = 0;
  private arrivedCount = 0;

  constructor(readonly maxStored = 10_000) {
    if (!Number.isInteger(maxStored) || maxStored < 1) {
      throw new ReceiverError('invalid_option', `maxStored must be a positive integer, got ${maxStored}`);
    }
  }

  /** Deliveries dropped because the store was full (oldest first). */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Deliveries kept now. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Deliveries ever added, kept or dropped. */
  get arrived(): number {
    return this.arrivedCount;
  }

  /** Adds a delivery, dropping the oldest when full, and wakes matching waiters. */
  add(delivery: Delivery): void {
    this.arrivedCount++;
    this.items.push(delivery);
    if (this.size > this.maxStored) {
      this.head++;
      this.droppedCount++;
      // Compact now and then so dropping stays O(1) amortised.
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
    }
    for (const waiter of this.waiters) {
      if (waiter.predicate(delivery)) this.progress(waiter, delivery);
      else waiter.backlog?.(delivery);
    }
    for (const listener of this.listeners) listener(delivery);
  }

  /** The kept deliveries, oldest first. */
  all(): Delivery[] {
    return this.items.slice(this.head);
  }

  /** The kept deliveries whose path equals `path` (query ignored). */
  byPath(path: string): Delivery[] {
    return this.all().filter((d) => d.path === path);
  }

  /** Forgets every kept delivery (counters of arrivals and drops stay). */
  clear(): void {
    this.items = [];
    this.head = 0;
  }

  /** Calls `listener` for every future delivery; returns the unsubscribe function. */
  onDelivery(listener: (d: Delivery) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first delivery, kept or future, that matches; rejects with `wait_timeout` after `timeoutMs`. */
  async waitFor(predicate: DeliveryPredicate = () => true, timeoutMs = 5_000, backlog?: BacklogWait): Promise<Delivery> {
    const [first] = await this.waitForCount(1, predicate, timeoutMs, backlog);
    return first as Delivery;
  }

  /**
   * The first `count` matching deliveries, kept or future; rejects with `wait_timeout` after `timeoutMs` without a
   * match (restarted by each arrival `backlog.while` matches, up to `backlog.maxMs` in all).
   */
  waitForCount(count: number, predicate: DeliveryPredicate = () => true, timeoutMs = 5_000, backlog?: BacklogWait): Promise<Delivery[]> {
    const found: Delivery[] = [];
    for (let i = this.head; i < this.items.length && found.length < count; i++) {
      const kept = this.items[i] as Delivery;
      if (predicate(kept)) found.push(kept);
    }
    if (found.length >= count) return Promise.resolve(found);
    const deadline = Date.now() + Math.max(timeoutMs, backlog?.maxMs ?? 0);
    let restarts = 0;
    return new Promise<Delivery[]>((resolve, reject) => {
      const expire = (): void => {
        this.waiters.delete(waiter);
        reject(
          new ReceiverError(
            'wait_timeout',
            `waiting for a delivery timed out after ${timeoutMs} ms${restarts > 0 ? ` (restarted by ${restarts} arrivals of a backlog)` : ''}: ` +
              `${waiter.found.length} of ${count} matching, ` +
              `${this.arrivedCount} deliveries arrived in all (${this.droppedCount} dropped); ` +
              'check that the sender targets this receiver and the predicate, or raise timeoutMs',
          ),
        );
      };
      const waiter: Waiter = { count, predicate, found, resolve, reject, timer: setTimeout(expire, timeoutMs) };
      if (backlog !== undefined) {
        waiter.backlog = (delivery) => {
          if (!backlog.while(delivery)) return;
          clearTimeout(waiter.timer);
          restarts++;
          waiter.timer = setTimeout(expire, Math.max(0, Math.min(timeoutMs, deadline - Date.now())));
        };
      }
      this.waiters.add(waiter);
    });
  }

  /** Rejects every pending waiter (used by stop()). */
  rejectWaiters(error: Error): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.waiters.clear();
  }

  private progress(waiter: Waiter, delivery: Delivery): void {
    waiter.found.push(delivery);
    if (waiter.found.length < waiter.count) return;
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve(waiter.found);
  }
}
