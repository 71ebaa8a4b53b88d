/** Stable codes of the receiver's own errors (harness errors, not conformance failures). */
export type ReceiverErrorCode = 'wait_timeout' | 'receiver_stopped' | 'unknown_scheme' | 'invalid_option' | 'not_loopback';

/** An error of the receiver: a stable `code` and a message that says what failed and how to fix it. */
export class ReceiverError extends Error {
  override readonly name = 'ReceiverError';
  constructor(
    readonly code: ReceiverErrorCode,
    message: string,
  ) {
    super(message);
  }
}
