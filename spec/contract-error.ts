/** Stable codes of the contract loader's errors. */
export type ContractErrorCode = 'UNKNOWN_SCHEMA' | 'UNKNOWN_OPERATION' | 'GENERATED_MISSING' | 'INVALID_CONTRACT';

/** A harness error raised by spec/: the message says what failed and how to fix it. */
export class ContractError extends Error {
  override readonly name = 'ContractError';

  constructor(
    readonly code: ContractErrorCode,
    message: string,
  ) {
    super(message);
  }
}
