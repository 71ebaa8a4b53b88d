import type { RunShape } from './short-run.js';
import type { ProgressStream } from './progress.js';

/** The streams and environment of one CLI invocation. */
export interface CliIo {
  readonly stdout: ProgressStream;
  readonly stderr: ProgressStream;
  readonly env: NodeJS.ProcessEnv;
  /**
   * Stops the run when aborted (its reason, e.g. 'SIGINT', names the stop and decides the exit code): the sms-conform
   * command passes its stopOnSignal's. Without it, the engine handles SIGINT/SIGTERM itself.
   */
  readonly signal?: AbortSignal;
  /** Called once before a single run starts (not --list, --plan, --compare, a shard or a merge) with its shape. */
  readonly beforeRun?: (shape: RunShape) => void;
}

/** How a run of this invocation stops: the caller's signal, else SIGINT/SIGTERM handled by the engine. */
export function stopOf(io: Pick<CliIo, 'signal'>): { signal: AbortSignal } | { handleSignals: true } {
  return io.signal ? { signal: io.signal } : { handleSignals: true };
}
