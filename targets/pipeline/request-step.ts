import type { Exchange } from '../exchange.js';
import type { RequestOptions } from '../request-options.js';
import type { Prepared } from '../transport.js';
import type { WaitClock } from '../wait-clock.js';

/** What one scope of the client (a check) keeps of its own requests: who it is, its waits, its record and count. */
export interface RequestScope {
  /** Who sends through this scope (a check id), for the send ledger. */
  readonly label?: string;
  /** Wall time its requests waited for the client's rate limit (a check's deadline leaves it out). */
  readonly waits: WaitClock;
  /** The redacted exchanges kept for it (the latest recordLimit). */
  readonly exchanges: Exchange[];
  /** Requests admitted through it. */
  count: number;
}

/** One request on its way through the steps. */
export interface RequestCall {
  /** The run-wide exchange id: 0 while the checks run, numbered once the request is admitted. */
  id: number;
  /** As the caller gave it. */
  readonly options: RequestOptions;
  /** The wire form and the recorded form (API key redacted). */
  readonly prepared: Prepared;
  /** The caller's and the scope's signals together; the transport adds the request timeout. */
  readonly signal: AbortSignal | undefined;
  readonly scope: RequestScope;
}

/** The rest of the path: the steps after this one, then the transport. */
export type Next = (call: RequestCall) => Promise<Exchange>;

/**
 * One step of the request path (targets/pipeline/, ordered in request-path.ts). Every hook is optional:
 * - `check` refuses the request by throwing a HarnessError; it takes nothing, so a refusal by a later step leaves no trace;
 * - `admit` takes what the request holds (a count, a send slot) once every step's check passed; it never refuses;
 * - `handle` is middleware around the send: wait before `next`, answer without it, or look at what it returns.
 * check and admit run synchronously for all steps before any handle, so no other request slips between them.
 */
export interface RequestStep {
  check?(call: RequestCall): void;
  admit?(call: RequestCall): void;
  handle?(call: RequestCall, next: Next): Promise<Exchange>;
}
