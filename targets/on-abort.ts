/** The callbacks waiting on each signal: the signal itself carries one listener, however many requests wait on it. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once when the signal aborts (at once if it already has); returns the unsubscribe. A check's
 * signal can have dozens of requests in flight (concurrent scenarios); one listener each would trip Node's
 * listener-leak warning at eleven.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => {};
  }
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const set = new Set<() => void>();
    callbacks = set;
    waiting.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const waiter of set) waiter();
      },
      { once: true },
    );
  }
  callbacks.add(callback);
  return () => void callbacks.delete(callback);
}
