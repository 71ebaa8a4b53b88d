import { apiKeyOf, unknownKey } from '../../auth/authenticate.js';
import type { Admission, Caller } from '../../auth/authenticate.js';
import { around } from '../../around.js';
import { ApiError } from '../../errors.js';
import type { Patches } from './patch.js';

/** The rate every key of simulator mode gets under simulator-rate-limited. */
const FAULTY_SIMULATOR_RATE = 100;

/** A 401 of production taken back: the request is served as Growth when `accepted` says so (no budget: its key has none). */
function servedDespite401(accepted: (request: Admission, key: string | undefined) => boolean) {
  return (next: (request: Admission) => Caller, request: Admission): Caller => {
    try {
      return next(request);
    } catch (err) {
      const key = apiKeyOf(request.headers);
      if (err instanceof ApiError && err.status === 401 && accepted(request, key)) return { apiKey: key ?? '', tier: 'growth' };
      throw err;
    }
  };
}

/** The faults of authentication and the rate limit (spec §5, DESIGN §4): wrappers of the Authenticator's admit, identify and budget. */
export const authPatches: Patches = {
  'any-key-in-production': ({ auth }) =>
    around(
      auth,
      'admit',
      servedDespite401((_, key) => key !== undefined && key !== ''),
    ),
  'missing-key-accepted': ({ auth }) =>
    around(
      auth,
      'admit',
      servedDespite401((_, key) => !key),
    ),
  // production only authenticates writes
  'unknown-key-may-read': ({ auth }) =>
    around(
      auth,
      'admit',
      servedDespite401((request, key) => !!key && request.method === 'GET'),
    ),
  // only Growth keys are looked up
  'starter-keys-unknown': ({ auth }) =>
    around(auth, 'identify', (next, headers) => {
      const caller = next(headers);
      if (caller.tier === 'starter') throw unknownKey();
      return caller;
    }),
  'simulator-requires-known-key': ({ auth, options }) =>
    around(auth, 'identify', (next, headers) => {
      const key = apiKeyOf(headers);
      if (options.mode === 'simulator' && key && !options.keys.has(key)) throw unknownKey();
      return next(headers);
    }),
  'never-429': ({ auth }) => around(auth, 'budget', () => null),
  '429-without-retry-after': ({ auth }) =>
    around(auth, 'admit', (next, request) => {
      try {
        return next(request);
      } catch (err) {
        if (err instanceof ApiError && err.status === 429) throw new ApiError(429, err.code, err.message);
        throw err;
      }
    }),
  // one budget for the workspace, at its strictest key's rate
  'rate-limit-per-workspace': ({ auth, options }) =>
    around(auth, 'budget', (next, caller) => {
      if (options.mode === 'simulator') return next(caller);
      const rates = [...options.keys.values()].map((k) => k.ratePerMinute).filter((r): r is number => r !== null);
      return rates.length > 0 ? { bucket: 'workspace', limit: Math.min(...rates) } : null;
    }),
  // a limiter keyed by route: the path of the request being admitted joins the key in the bucket (admit is synchronous)
  'rate-limit-per-path': ({ auth }) => {
    let path = '';
    around(auth, 'admit', (next, request) => {
      path = request.path;
      return next(request);
    });
    around(auth, 'budget', (next, caller) => {
      const budget = next(caller);
      return budget && { ...budget, bucket: `${budget.bucket} ${path}` };
    });
  },
  'simulator-rate-limited': ({ auth, options }) =>
    around(auth, 'budget', (next, caller) => (options.mode === 'simulator' ? { bucket: caller.apiKey, limit: FAULTY_SIMULATOR_RATE } : next(caller))),
};
