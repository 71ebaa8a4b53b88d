import { Worker } from 'node:worker_threads';
import { workerEntry, workerExecArgv } from '../targets/worker-entry.js';
import type { Redactor } from '../targets/redact.js';
import type { WireExchange } from './captured-exchange.js';
import { encodeExchanges } from './exchange-codec.js';
import type { FromGrader, GraderSettings, ToGrader } from './grading-messages.js';
import { NotGradedCounts } from './not-graded-counts.js';
import { SessionTally } from './session-tally.js';
import type { TallySnapshot, Violation } from './session-tally.js';

/** How far grading may fall behind the traffic: exchanges handed over and not yet graded, and their body bytes. */
export interface GradingBounds {
  readonly maxItems: number;
  readonly maxBytes: number;
}

/** Where a session's exchanges go to be graded: the grading thread, or (--annotate) the session's own thread. */
export interface SessionGrading {
  /** Hands over one complete exchange; counted as not graded ("grading fell behind") past the bounds. */
  submit(exchange: WireExchange): void;
  /** The counters so far (final once finish() resolved). */
  readonly tally: TallySnapshot;
  /** Exchanges counted as not graded before they reached a grader, by reason. */
  readonly notGraded: ReadonlyMap<string, number>;
  /** Idempotency-Keys the proxy's grader remembers (known after finish for the grading thread). */
  readonly idempotencyKeys: number;
  /** Resolves once grading can take exchanges (the grading thread is started, or failed to start: then it counts them as not graded). */
  readonly ready: Promise<void>;
  /** Grades what was handed over (bounded by `boundMs`; what is left is counted as not graded), then stops. */
  finish(boundMs?: number): Promise<void>;
}

/** Why an exchange was not graded when grading could not keep up with the traffic. */
export const FELL_BEHIND = 'grading fell behind the traffic';

/** A batch goes out this many ms after its first exchange, or sooner when this many exchanges wait. */
const batchMs = 10;
const batchItems = 512;

/**
 * Grades a session's exchanges on a worker thread of its own (issue 26): the forwarding path only hands over each
 * exchange (batched every 10 ms into one transferred buffer, exchange-codec.ts), so grading neither slows forwarding
 * nor waits for it, and gets a core of its own when the machine has one. Violations come back as they are found
 * (after the secrets of their batch, so the redactor knows them first), the counters at most every 100 ms.
 */
export class GradingThread implements SessionGrading {
  tally: TallySnapshot = new SessionTally();
  readonly notGraded = new NotGradedCounts();
  idempotencyKeys = 0;
  private worker: Worker | undefined;
  private gone: string | undefined;
  private pending: WireExchange[] = [];
  private pendingBytes = 0;
  private inFlight = 0;
  private inFlightBytes = 0;
  private readonly batchBytes: number[] = [];
  /** Messages sent before the thread was up (a secret the forwarder learned), in order. */
  private readonly early: ToGrader[] = [];
  private scheduled = false;
  private finished: ((tally: TallySnapshot) => void) | undefined;
  readonly ready: Promise<void>;

  constructor(
    settings: GraderSettings,
    private readonly hooks: { readonly onViolation?: (violation: Violation) => void; readonly redactor: Redactor },
    private readonly bounds: GradingBounds = { maxItems: 5_000, maxBytes: 64 * 1024 * 1024 },
  ) {
    this.ready = workerEntry(import.meta.url, 'grading-worker').then(
      (entry) => {
        const worker = new Worker(entry, { execArgv: workerExecArgv() });
        this.worker = worker;
        worker.on('message', (message: FromGrader) => this.receive(message));
        worker.on('error', (error) => this.lose(`the grading thread failed: ${error.message}`));
        worker.on('exit', (code) => this.lose(`the grading thread exited (code ${code})`));
        worker.postMessage({ type: 'start', settings } satisfies ToGrader);
        for (const message of this.early.splice(0)) worker.postMessage(message);
        this.flush();
      },
      (error: Error) => this.lose(`the grading thread could not start: ${error.message}`),
    );
  }

  submit(exchange: WireExchange): void {
    const bytes = exchange.requestBody.length + exchange.responseBody.length;
    if (this.gone !== undefined) return this.notGraded.count(this.gone);
    if (this.inFlight + this.pending.length >= this.bounds.maxItems || this.inFlightBytes + this.pendingBytes + bytes > this.bounds.maxBytes)
      return this.notGraded.count(FELL_BEHIND);
    this.pending.push(exchange);
    this.pendingBytes += bytes;
    if (this.pending.length >= batchItems) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setTimeout(() => this.flush(), batchMs);
    }
  }

  /** Verifies later deliveries with this secret too (the forwarder). */
  addSecret(secret: string): void {
    this.send({ type: 'secret', secret });
  }

  async finish(boundMs = 60_000): Promise<void> {
    await this.ready;
    this.flush();
    if (this.worker !== undefined && this.gone === undefined) {
      const final = new Promise<TallySnapshot>((resolve) => (this.finished = resolve));
      this.send({ type: 'finish' });
      let timer: NodeJS.Timeout | undefined;
      const bounded = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), boundMs)));
      const tally = await Promise.race([final, bounded]);
      clearTimeout(timer);
      if (tally !== undefined) this.tally = tally;
    }
    this.lose('the session ended before grading');
    await this.worker?.terminate();
  }

  private flush(): void {
    this.scheduled = false;
    if (this.worker === undefined || this.pending.length === 0 || this.gone !== undefined) return;
    const exchanges = this.pending;
    const batch = encodeExchanges(exchanges);
    this.pending = [];
    this.inFlight += exchanges.length;
    this.inFlightBytes += this.pendingBytes;
    this.batchBytes.push(this.pendingBytes);
    this.pendingBytes = 0;
    this.send({ type: 'grade', batch }, [batch]);
  }

  private receive(message: FromGrader): void {
    if (message.type === 'finished') {
      this.idempotencyKeys = message.idempotencyKeys;
      this.inFlight = 0;
      this.finished?.(message.tally);
      return;
    }
    for (const secret of message.secrets) this.hooks.redactor.addSecret(secret);
    for (const violation of message.violations) this.hooks.onViolation?.(violation);
    if (message.tally !== undefined) this.tally = message.tally;
    if (message.failure !== undefined) console.error(`grading failed (${message.failure}); further failures are only counted`);
    if (message.count > 0) {
      this.inFlight -= message.count;
      this.inFlightBytes -= this.batchBytes.shift() ?? 0;
    }
  }

  private send(message: ToGrader, transfer: ArrayBuffer[] = []): void {
    if (this.worker === undefined) this.early.push(message);
    else this.worker.postMessage(message, transfer);
  }

  /** The thread is gone (or the session is over): what it still held, and everything after, is not graded. */
  private lose(reason: string): void {
    if (this.gone !== undefined) return;
    this.gone = reason;
    if (this.inFlight + this.pending.length > 0) this.notGraded.count(reason, this.inFlight + this.pending.length);
    this.inFlight = 0;
    this.pending = [];
  }
}
