import type { Exchange } from '../../targets/index.js';

/** Details of a conformance failure, shown in reports. */
export interface FailureDetails {
  /** The (shrunk) input that breaks the requirement. */
  readonly counterexample?: unknown;
  /** The exchange that shows it; becomes the curl reproduction. */
  readonly exchange?: Exchange;
  readonly seed?: number;
  /** fast-check's replay path of the counterexample. */
  readonly path?: string;
  /**
   * The requirement(s) this failure shows broken, when the failing assertion knows (a schema keyword's
   * x-requirements, a model step's rule); the check's other cited requirements are then merely not shown.
   */
  readonly requirements?: readonly string[];
  /** A schema mismatch: the JSON pointer of the first violation (the operations overview shows it). */
  readonly pointer?: string;
  /** A 2xx answer in a wrong shape: the answer fields every violation points at (`direction` for /data/0/direction). */
  readonly fields?: readonly string[];
  /** A status expectation that failed: what was expected, e.g. "2xx" or "201" (a valid request refused when it names a 2xx). */
  readonly expected?: string;
}

/** The target broke a requirement: the check is FAILED. Thrown by ctx.fail and the expectations. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';

  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
  }
}

/** The check does not apply here: it is SKIPPED with the reason. Thrown by ctx.skip. */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
}

/**
 * No operation the check could observe with works on this target: it is BLOCKED by the positive baseline of the
 * first of `operations` that did not pass (skipped with the reason when none ran). Thrown by ctx.blockedBy.
 */
export class CheckBlocked extends Error {
  override readonly name = 'CheckBlocked';

  constructor(
    message: string,
    readonly operations: readonly string[],
  ) {
    super(message);
  }
}

/** The target misbehaved at the network level (timeout, reset, oversized body): the check is ERRORED. */
export class TargetError extends Error {
  override readonly name = 'TargetError';

  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
  }
}
