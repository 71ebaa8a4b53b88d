/** Stable codes of sharding and merge errors (all exit 2: usage or set-up, never a conformance verdict). */
export type ShardErrorCode = 'SHARD_USAGE' | 'SHARD_NONE' | 'SHARD_FORMAT' | 'SHARD_MISSING' | 'SHARD_DUPLICATE' | 'SHARD_MISMATCH';

/** A --shard or --merge problem: the message says what failed and how to fix it; the CLI exits 2. */
export class ShardError extends Error {
  override readonly name = 'ShardError';
  readonly exitCode = 2;

  constructor(
    readonly code: ShardErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** True for a ShardError (also across module copies). */
export function isShardError(value: unknown): value is ShardError {
  return value instanceof Error && value.name === 'ShardError' && 'code' in value;
}
