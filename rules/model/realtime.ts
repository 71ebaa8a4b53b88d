/** Something that took effect somewhere between its start and its end (a call), or was seen at one instant. */
export interface Interval {
  readonly startedAt: number;
  readonly finishedAt: number;
}

/**
 * Real-time order (as Jepsen's checkers read a history): a finished before b started, so every order the service
 * may have chosen puts a first. Two intervals that overlap are concurrent: either order is allowed.
 */
export function before(a: Interval, b: Interval): boolean {
  return a.finishedAt < b.startedAt;
}

/** The item whose interval ends last among those that finished before `at` started, if any. */
export function lastBefore<T extends Interval>(items: readonly T[], at: Interval): T | undefined {
  let found: T | undefined;
  for (const item of items) if (before(item, at) && (found === undefined || item.finishedAt > found.finishedAt)) found = item;
  return found;
}
