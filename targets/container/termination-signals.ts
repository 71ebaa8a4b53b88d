const signals = ['SIGINT', 'SIGTERM'] as const;

/** What to do when the process is told to stop while a container is up. */
export interface TerminationCleanup {
  /** Removes the container (bounded by the caller's limits). */
  cleanup(): Promise<void>;
  /** Synchronous last resort when the process exits without stop() (e.g. a second Ctrl-C). */
  atExit(): void;
}

/**
 * Watches SIGINT/SIGTERM and process exit for one container; returns the function that unregisters. Ryuk is
 * disabled, so nothing else removes it. When a listener that was there before this one (the engine's graceful
 * stop) is still attached, it gets `graceMs` to stop the target itself before the clean-up runs; otherwise the
 * clean-up runs at once and the signal is raised again so the process ends as it would have (listeners added
 * later, such as the signal-exit testcontainers loads, stand back while another listener exists).
 */
export function onTermination(handlers: TerminationCleanup, limitMs = 10_000, graceMs = 5_000): () => void {
  const earlier = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const bounded = (): Promise<unknown> => Promise.race([handlers.cleanup().catch(() => {}), new Promise((resolve) => setTimeout(resolve, limitMs).unref())]);
  let seen = false;
  // stays attached until the clean-up is done: signal-exit kills the process as soon as it is the last listener
  const handler = (signal: NodeJS.Signals): void => {
    if (seen) return;
    seen = true;
    const attached = process.listeners(signal);
    const handledElsewhere = (earlier.get(signal as (typeof signals)[number]) ?? []).some((listener) => attached.includes(listener));
    if (handledElsewhere) {
      setTimeout(() => void bounded().then(unregister), graceMs).unref();
      return;
    }
    void bounded().then(() => {
      unregister();
      process.kill(process.pid, signal);
    });
  };
  const atExit = (): void => handlers.atExit();
  const unregister = (): void => {
    for (const signal of signals) process.off(signal, handler);
    process.off('exit', atExit);
  };
  for (const signal of signals) process.on(signal, handler);
  process.on('exit', atExit);
  return unregister;
}
