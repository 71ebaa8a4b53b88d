import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ReferenceOptions } from '../simulator/index.js';
import { workerEntry, workerExecArgv } from './worker-entry.js';
import type { ReferenceWorkerAnswer, ReferenceWorkerRequest } from './reference-worker.js';

/** A reference running on the reference thread: its API origin and stop(). */
export interface ReferenceThread {
  readonly url: string;
  /** The virtual-phone UI's origin, when the reference was started with one. */
  readonly uiUrl?: string;
  /** Stops the reference (servers, connections, timers, deliveries); safe to call twice. */
  stop(): Promise<void>;
}

/** Why the reference did not start on its thread: the reference's own message (a bad option, a busy port) or the thread's. */
export class ReferenceThreadError extends Error {
  override readonly name = 'ReferenceThreadError';
}

// bounded: a reference that does not answer is given up on (a start answered later is stopped at once)
const startBoundMs = 30_000;
const stopBoundMs = 5_000;
// an idle thread is kept this long for the next reference (self-test, engine tests, a second run): warm modules and
// JIT, ~2 ms to start a reference instead of ~50-100 ms; a thread warmed before its first reference waits longer (the
// harness loads its suites meanwhile). It never keeps the process alive (unref'd).
const idleMs = 5_000;
const firstUseMs = 30_000;

type Settle = (answer: ReferenceWorkerAnswer | Error) => void;

/** The worker thread hosting the process's references; referenced (keeps the process alive) only while one runs. */
class ReferenceHost {
  private readonly pending = new Map<number, Settle>();
  private running = 0;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private gone: Error | undefined;
  private used = false;

  constructor(
    private readonly worker: Worker,
    private readonly onGone: () => void,
  ) {
    worker.on('message', (answer: ReferenceWorkerAnswer) => {
      const settle = this.pending.get(answer.id);
      if (settle) settle(answer);
      else if (answer.type === 'ready') worker.postMessage({ type: 'stop', id: answer.id } satisfies ReferenceWorkerRequest); // given up on
    });
    // an uncaught error in a reference ends the thread: it must never crash the harness (its requests then fail)
    worker.on('error', (error) => this.end(error));
    worker.on('exit', (code) => this.end(new Error(`the reference thread exited (code ${code})`)));
    this.update();
  }

  /** Starts one reference on the thread. */
  async start(options: ReferenceOptions): Promise<ReferenceThread> {
    const id = this.nextId++;
    const answer = await this.ask({ type: 'start', id, options }, startBoundMs);
    if (answer instanceof Error) throw new ReferenceThreadError(answer.message);
    if (answer.type !== 'ready') throw new ReferenceThreadError(answer.type === 'failed' ? answer.message : 'it stopped at once');
    this.running += 1;
    this.used = true;
    this.update();
    let stopping: Promise<void> | undefined;
    const stop = async (): Promise<void> => {
      await this.ask({ type: 'stop', id }, stopBoundMs);
      this.running -= 1;
      this.update();
    };
    return { url: answer.url, ...(answer.uiUrl === undefined ? {} : { uiUrl: answer.uiUrl }), stop: () => (stopping ??= stop()) };
  }

  private ask(request: ReferenceWorkerRequest, boundMs: number): Promise<ReferenceWorkerAnswer | Error> {
    if (this.gone) return Promise.resolve(this.gone);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(new Error(`the reference thread did not answer within ${boundMs / 1000} s`)), boundMs);
      const settle: Settle = (answer) => {
        clearTimeout(timer);
        this.pending.delete(request.id);
        this.update();
        resolve(answer);
      };
      this.pending.set(request.id, settle);
      this.update();
      try {
        this.worker.postMessage(request);
      } catch (error) {
        // structured clone refuses functions (a clock, a UI handler): those need the reference on the harness's thread
        settle(new Error(`its options cannot cross to the reference thread (${(error as Error).message}): pass thread: 'main' for options holding functions`));
      }
    });
  }

  /** Referenced while a reference runs or an answer is awaited; idle, unreferenced and ended after idleMs. */
  private update(): void {
    if (this.gone) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.running > 0 || this.pending.size > 0) return void this.worker.ref();
    this.worker.unref();
    this.idleTimer = setTimeout(() => this.end(new Error('the reference thread ended after being idle')), this.used ? idleMs : firstUseMs).unref();
  }

  /** The thread's event-loop utilization so far (what the reference's work costs; bench: harness). */
  utilization(): EventLoopUtilization {
    return this.worker.performance.eventLoopUtilization();
  }

  private end(reason: Error): void {
    if (this.gone) return;
    this.gone = reason;
    clearTimeout(this.idleTimer);
    this.onGone();
    for (const settle of [...this.pending.values()]) settle(reason);
    void this.worker.terminate();
  }
}

let shared: Promise<ReferenceHost> | undefined;

/** The process's reference thread, started on first use (and again after it ended). */
function referenceHost(): Promise<ReferenceHost> {
  if (shared) return shared;
  const created: Promise<ReferenceHost> = workerEntry(import.meta.url, 'reference-worker').then(
    (entry) => new ReferenceHost(new Worker(entry, { execArgv: workerExecArgv() }), () => shared === created && (shared = undefined)),
  );
  shared = created;
  created.catch(() => shared === created && (shared = undefined)); // a failed start is retried by the next reference
  return created;
}

/** Starts the reference thread in the background (bundle, thread, modules), so a later start finds it ready. */
export function warmReferenceThread(): void {
  referenceHost().catch(() => {}); // a failure shows, with its reason, at start()
}

/** The reference thread's event-loop utilization so far (started if it was not): a benchmark's measure of the reference's work. */
export async function referenceThreadUtilization(): Promise<EventLoopUtilization> {
  return (await referenceHost()).utilization();
}

/**
 * Starts the reference (simulator/) on the reference thread, a worker thread of its own: the harness's checks and
 * the reference's API and webhook dispatcher get an event loop each, on a two-core machine a core each
 * (docs/decisions/0019-reference-own-thread.md). Its module is `reference-worker.ts` (see workerEntry).
 */
export async function startReferenceThread(options: ReferenceOptions): Promise<ReferenceThread> {
  let host: ReferenceHost;
  try {
    host = await referenceHost();
  } catch (error) {
    throw new ReferenceThreadError(`its thread could not be started (${(error as Error).message}): run from the compiled package, or pass thread: 'main'`);
  }
  return host.start(options);
}
