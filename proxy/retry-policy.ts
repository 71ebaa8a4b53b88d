// RFC 9110 §9.2.2: a client (and a proxy on its behalf) may repeat these automatically when a connection fails
const idempotent = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

// the errors of a connection the target closed or reset (a kept-alive connection it had given up on), not a timeout
const connectionErrors = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED', 'STALE_CONNECTION']);

// headers that make a repeat harmless: spec §4.1's Idempotency-Key (Go's net/http retries on it too), and the ids of a
// webhook delivery, by which a consumer tells a repeated delivery (DESIGN.md §4 Service-Delivery-Id, Standard Webhooks'
// webhook-id, GitHub's X-GitHub-Delivery)
const repeatKeys = new Set(['idempotency-key', 'service-delivery-id', 'webhook-id', 'x-github-delivery']);

/**
 * Whether a request may be sent again after its connection failed, whatever the target did with it: an idempotent
 * method, or a key that makes a repeat harmless. Other requests are retried only when none of their bytes were written.
 */
export function isReplayable(method: string, rawHeaders: readonly string[]): boolean {
  if (idempotent.has(method)) return true;
  for (let i = 0; i < rawHeaders.length; i += 2) if (repeatKeys.has((rawHeaders[i] as string).toLowerCase())) return true;
  return false;
}

/** What is known of a failed attempt when deciding on a retry. */
export interface FailedAttempt {
  /** The error's code (ECONNRESET for "socket hang up"). */
  readonly code: string | undefined;
  /** The connection had served an earlier request (a fresh connection that fails says something about the target). */
  readonly reused: boolean;
  /** Some byte of the request was handed to the connection. */
  readonly wrote: boolean;
  /** Some byte of the answer arrived. */
  readonly answered: boolean;
  /** The whole body so far is still in hand (not past the capture limit), so it can be sent again. */
  readonly bodyKept: boolean;
}

/**
 * Retry once, on a fresh connection, a request that failed on a reused connection before any byte of the answer
 * (issue 26: a target closing idle connections without saying so made 5.7% false 502s): when it is replayable, or
 * when nothing of it was written, so the target cannot have seen it.
 */
export function mayRetry(attempt: FailedAttempt, replayable: boolean): boolean {
  if (!attempt.reused || attempt.answered || !attempt.bodyKept) return false;
  if (attempt.code === undefined || !connectionErrors.has(attempt.code)) return false;
  return replayable || !attempt.wrote;
}
