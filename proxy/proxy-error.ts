/** Stable codes of the proxy's and forwarder's own errors (usage and set-up; never conformance findings). */
export type ProxyErrorCode = 'USAGE' | 'NOT_LOOPBACK' | 'BAD_TARGET' | 'LISTEN';

/** A usage or set-up error of a proxy session: its message says what failed and how to fix it; the CLI exits 2. */
export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  readonly exitCode = 2;

  constructor(
    readonly code: ProxyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
