/** Header input: a plain object (any name case, duplicates as arrays) or a fetch `Headers`. */
export type HeaderInput = Headers | Record<string, string | string[] | undefined>;

/** What a scheme needs to verify one delivery. */
export interface VerifyInput {
  /** The exact bytes received; never a re-serialization. */
  raw: Buffer | Uint8Array | string;
  headers: HeaderInput;
  /** Accepted secrets, e.g. old and new during a rotation; the first match wins. */
  secrets: readonly string[];
  /** Allowed clock skew either way for timestamped schemes (default 300). */
  toleranceSeconds?: number;
  /** The verifier's clock: a Date or milliseconds since the epoch (default now). */
  now?: Date | number;
}

/** Stable reasons a verification fails. */
export type VerifyFailureCode =
  | 'no_secrets'
  | 'invalid_secret'
  | 'missing_header'
  | 'duplicate_header'
  | 'malformed_header'
  | 'no_supported_signature'
  | 'timestamp_outside_tolerance'
  | 'no_matching_signature';

/** Outcome of a verification. */
export type VerifyResult = { ok: true; secretIndex: number; timestamp?: number } | { ok: false; code: VerifyFailureCode; message: string };

/** A pluggable signature scheme. */
export interface SignatureScheme {
  readonly name: string;
  verify(input: VerifyInput): VerifyResult;
}

/** Signs a body the way a scheme's sender would; returns the headers to send (tests and benchmarks only). */
export type Signer = (
  body: string | Buffer,
  secret: string,
  timestampSeconds?: number,
  options?: { id?: string; headerName?: string },
) => Record<string, string>;
