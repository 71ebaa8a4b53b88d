/** Error codes of the API's error body (DESIGN §4). */
export type ApiErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'tier_not_allowed'
  | 'not_found'
  | 'gone'
  | 'method_not_allowed'
  | 'idempotency_conflict'
  | 'rate_limited'
  | 'internal_error';

/**
 * An error answered to an API client as `{success:false, error, message, timestamp}`. It is an answer, not a bug: made
 * without a stack trace (a contract run makes hundreds, one per invalid request, and capturing the stack was most of
 * their cost); nothing reads an ApiError's stack.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'ApiError';
  }
}

/** Shorthand for a 400 validation_error. */
export function invalid(message: string): ApiError {
  return new ApiError(400, 'validation_error', message);
}

/** Shorthand for a 404 not_found. */
export function notFound(message: string): ApiError {
  return new ApiError(404, 'not_found', message);
}

/** A configuration mistake made by whoever starts the reference (not an API error). */
export class ReferenceConfigError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReferenceConfigError';
  }
}
