/** Stable codes of harness errors (usage, set-up and harness bugs; never conformance failures). */
export const harnessErrorCodes = [
  'USAGE',
  'CONFIG',
  'UNKNOWN_PROFILE',
  'UNKNOWN_CHECK',
  'UNKNOWN_REQUIREMENT',
  'UNKNOWN_SUITE',
  'UNKNOWN_REPORTER',
  'INVALID_CHECK',
  'DUPLICATE_CHECK',
  'MISSING_KEY',
  'TARGET_START',
  'TARGET_UNREACHABLE',
  'KEY_REFUSED',
  'NOT_THIS_API',
  'BUDGET_EXCEEDED',
  'SEND_NOT_ALLOWED',
  'RECIPIENT_NOT_ALLOWED',
  'SEND_BUDGET_EXCEEDED',
  'SUITE_MODULE',
  'NOT_STARTED',
  // set-up found before the first request (cli/conform/preflight.ts): a report folder another run holds, a receiver port taken, no container engine
  'OUT_IN_USE',
  'RECEIVER_PORT_IN_USE',
  'NO_CONTAINER_ENGINE',
  // --shard / --merge: a bad slice spec, no slices, an unreadable or foreign file, a missing, duplicate or disagreeing slice
  'SHARD_USAGE',
  'SHARD_NONE',
  'SHARD_FORMAT',
  'SHARD_MISSING',
  'SHARD_DUPLICATE',
  'SHARD_MISMATCH',
  // --baseline / --compare-run: a known-failures file or an earlier run's results.json that is missing or not what it should be
  'BASELINE_FILE',
  'PREVIOUS_RUN',
  // passive sessions (npm run proxy, the receiver's --forward): an address off loopback, a bad --target, a port taken
  'NOT_LOOPBACK',
  'BAD_TARGET',
  'LISTEN',
  // decision 35: a wait on the target or its deliveries ended unmet while the harness or the machine was slow
  'SLOW_RUN',
] as const;

/** A stable harness error code. */
export type HarnessErrorCode = (typeof harnessErrorCodes)[number];

/** A usage, set-up or harness error: its message says what failed and how to fix it; the CLI exits 2. */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
  readonly exitCode = 2;

  constructor(
    readonly code: HarnessErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** True for a HarnessError (also across module copies). */
export function isHarnessError(value: unknown): value is HarnessError {
  return value instanceof Error && value.name === 'HarnessError' && 'code' in value;
}
