import type { KeyRole } from './target.js';

/** The request half of an exchange, as sent (the API key header is recorded as [redacted]). */
export interface ExchangeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** True when body holds base64 of bytes that are not valid UTF-8. */
  readonly bodyBase64?: boolean;
  readonly keyRole: KeyRole;
}

/** A network- or HTTP-level problem of one exchange: the client never throws for these. */
export interface ExchangeError {
  /** e.g. TIMEOUT, ECONNREFUSED, ECONNRESET, BODY_TOO_LARGE, UND_ERR_SOCKET, ABORTED. */
  readonly code: string;
  readonly message: string;
}

/** One request and what came back. */
export interface Exchange {
  readonly id: number;
  readonly request: ExchangeRequest;
  readonly status?: number;
  /** Response headers, lower-cased names, repeated values joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyText: string;
  /** The parsed body when it is JSON (undefined for an empty body or a parse error). */
  readonly json?: unknown;
  /** Why bodyText did not parse as JSON. */
  readonly jsonError?: string;
  readonly durationMs: number;
  /** When the request was sent (ms since the Unix epoch; the HAR report's startedDateTime). */
  readonly startedAt?: number;
  readonly error?: ExchangeError;
}
