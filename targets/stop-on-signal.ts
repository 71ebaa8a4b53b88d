/**
 * How every long-running command stops on a signal (docs/design/stopping.md): `npm run conform`,
 * `npm run simulator`, and any other command that must end cleanly when told to (SIGINT, SIGTERM) or when the npm
 * process that started it is gone.
 */

/** The signals a command stops on; SIGHUP stands for "the launching parent is gone". */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

/** The exit code of a command stopped by a signal: 128 + the signal's number, as a shell reports it. */
export const stopExitCodes: Readonly<Record<StopSignal, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };

/** Options of stopOnSignal. */
export interface StopOnSignalOptions {
  /** Begins the graceful stop (abort the work, clean up, write what must be written); called once. */
  readonly onStop?: (signal: StopSignal) => void;
  /**
   * After this long from the first signal the process exits with the signal's code, whatever still runs (default
   * 15 s). Later signals do not shorten it: Ctrl-C reaches every process of the group, npm forwards it to its child
   * again and tsx's launcher relays it once more, so one keypress arrives two or three times.
   */
  readonly boundMs?: number;
  /**
   * Stop as on SIGHUP when the parent process is gone (checked every 250 ms): `kill <npm pid>` ends npm's shell but
   * not the shell's child. Default: when started by npm (`npm run`, `npx`), whose death leaves the command orphaned.
   */
  readonly watchParent?: boolean;
}

/** A command's stop handling, installed by stopOnSignal. */
export interface SignalStop {
  /** Aborted on the first signal; its reason is the signal's name. */
  readonly signal: AbortSignal;
  /** The signal that stopped the command, once one did. */
  readonly received: StopSignal | undefined;
  /** The exit code the command should end with: the signal's (stopExitCodes), undefined while none arrived. */
  readonly exitCode: number | undefined;
  /** Removes the handlers, the parent watch and the bound's timer (after the command finished its stop). */
  dispose(): void;
}

const handled: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/** True when npm (`npm run`, `npx`, `npm exec`) started this process: its environment says so. */
export function startedByNpm(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.npm_lifecycle_event !== undefined || env.npm_command !== undefined;
}

/**
 * Installs SIGINT and SIGTERM handlers (and, by default under npm, a watch for the parent's death): the first signal
 * aborts `signal` and calls onStop; later ones are ignored; the process exits with the signal's code `boundMs` after
 * the first signal if it has not ended by then. It never exits on a signal before the bound: the command decides
 * when its work is written, then ends with `exitCode`.
 */
export function stopOnSignal(options: StopOnSignalOptions = {}): SignalStop {
  const boundMs = options.boundMs ?? 15_000;
  const controller = new AbortController();
  let received: StopSignal | undefined;
  let bound: NodeJS.Timeout | undefined;
  let parentWatch: NodeJS.Timeout | undefined;

  const stop = (signal: StopSignal): void => {
    if (received !== undefined) return;
    received = signal;
    // a stop that hangs (a target that never answers a clean-up) must still end the process
    bound = setTimeout(() => process.exit(stopExitCodes[signal]), boundMs);
    controller.abort(signal);
    options.onStop?.(signal);
  };
  const listener = (signal: NodeJS.Signals): void => stop(signal as StopSignal);
  for (const signal of handled) process.on(signal, listener);
  if (options.watchParent ?? startedByNpm()) {
    const parent = process.ppid;
    parentWatch = setInterval(() => {
      if (process.ppid !== parent) stop('SIGHUP');
    }, 250);
    parentWatch.unref();
  }
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    get exitCode() {
      return received === undefined ? undefined : stopExitCodes[received];
    },
    dispose() {
      for (const signal of handled) process.off(signal, listener);
      clearInterval(parentWatch);
      clearTimeout(bound);
    },
  };
}

/**
 * Ends the process with `code` once what was written to stdout and stderr has left it: a pipe or socket the shell gave
 * is written asynchronously, and process.exit() at once would drop the last lines (the verdict, "stopping").
 */
export function exitWhenFlushed(code: number): void {
  let pending = 2;
  const done = (): void => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
