import type { Dispatcher } from 'undici';

/** How one request ended on the wire: its whole answer (the body cut at the byte limit), or why there is none. */
export type WireOutcome =
  | { readonly kind: 'answer'; readonly status: number; readonly headers: Record<string, string>; readonly bytes: Buffer; readonly tooLarge: boolean }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'stopped'; readonly reason: Error };

/**
 * undici's dispatch handler for one request of the transport: collects the status, the headers (lower-cased names,
 * repeated values joined with ", ") and the body up to `maxBytes` (past it the request is aborted and the answer is
 * kept cut), and settles once: by the answer, by undici's error, or by `stop` (the transport's timeout or the
 * caller's abort), which also aborts the request on the wire, at once or as soon as the pool dispatches it.
 * pool.request did the same through a stream, an async resource and an abort listener per request; this is a
 * tenth of its cost on the main thread (issue 28).
 */
export class AnswerCollector implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private stopReason: Error | undefined;
  /** True once the outcome is given. */
  settled = false;
  private status = 0;
  private headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly settle: (outcome: WireOutcome) => void,
  ) {}

  /** Ends the request from outside: settles with `reason` (unless already settled) and aborts it on the wire. */
  stop(reason: Error): void {
    if (this.settled) return;
    this.stopReason = reason;
    this.finish({ kind: 'stopped', reason });
    this.controller?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // a request stopped while queued in the pool is aborted when it is dispatched (undici leaves a queued one deaf)
    if (this.stopReason !== undefined) controller.abort(this.stopReason);
    else this.controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    if (statusCode < 200) return; // an informational answer: the final one follows
    this.status = statusCode;
    const joined: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) joined[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    this.headers = joined;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.chunks.push(chunk.subarray(0, chunk.length - (this.size - this.maxBytes)));
      this.finishAnswer(true);
      controller.abort(new Error(`response body exceeds ${this.maxBytes} bytes`));
      return;
    }
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.finishAnswer(false);
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.finish({ kind: 'failed', error });
  }

  private finishAnswer(tooLarge: boolean): void {
    this.finish({ kind: 'answer', status: this.status, headers: this.headers, bytes: Buffer.concat(this.chunks), tooLarge });
  }

  private finish(outcome: WireOutcome): void {
    if (this.settled) return;
    this.settled = true;
    this.settle(outcome);
  }
}
