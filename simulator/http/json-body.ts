import type { ReferenceContext } from '../context.js';
import { ApiError } from '../errors.js';
import { parseJsonObject } from '../validation/fields.js';

/** Parses a JSON object body; the bad-json faults turn the 400 into a 200 or a 500 (typeof-null-body: see parseJsonObject). */
export function jsonBody(ref: ReferenceContext, raw: Buffer): Record<string, unknown> {
  try {
    return parseJsonObject(raw, ref.faults.has('typeof-null-body'));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (ref.faults.has('bad-json-200')) throw new ApiError(200, err.code, err.message);
    if (ref.faults.has('bad-json-500')) throw new ApiError(500, 'internal_error', 'could not read the request');
    throw err;
  }
}
