import type { IncomingHttpHeaders } from 'node:http';
import type { ResolvedOptions } from '../options.js';
import type { Tier } from '../types.js';
import { ApiError } from '../errors.js';
import { RateLimiter } from './rate-limiter.js';

/** Who is calling: the API key and its tier. */
export interface Caller {
  apiKey: string;
  tier: Tier;
}

/** What authentication looks at in a request. */
export interface Admission {
  headers: IncomingHttpHeaders;
  method: string;
  path: string;
}

/** The rate budget a request counts against: a bucket and its requests per minute. */
export interface Budget {
  bucket: string;
  limit: number;
}

/** The x-api-key of a request (the first, when repeated), or undefined. */
export function apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['x-api-key'];
  return Array.isArray(raw) ? raw[0] : raw;
}

/** The 401 of a key the reference does not know. */
export function unknownKey(): ApiError {
  return new ApiError(401, 'unauthorized', 'unknown API key: check the x-api-key header');
}

/** Authenticates requests (spec §5) and applies the per-key rate limit (DESIGN §4). */
export class Authenticator {
  private readonly limiter: RateLimiter;

  constructor(private readonly options: ResolvedOptions) {
    this.limiter = new RateLimiter(options.clock);
  }

  /** Returns the caller of a request or throws 401 / 429. */
  admit(request: Admission): Caller {
    const caller = this.identify(request.headers);
    const budget = this.budget(caller);
    const retryAfter = budget === null ? null : this.limiter.take(budget.bucket, budget.limit);
    if (budget !== null && retryAfter !== null) {
      const message = `rate limit of ${budget.limit} requests per minute exceeded: retry after ${retryAfter} s`;
      throw new ApiError(429, 'rate_limited', message, { 'retry-after': String(retryAfter) });
    }
    return caller;
  }

  /** The caller a key stands for: production knows its keys; the simulator takes any key, or none, as Growth (spec §5.2). */
  identify(headers: IncomingHttpHeaders): Caller {
    const apiKey = apiKeyOf(headers);
    if (this.options.mode === 'simulator') return { apiKey: apiKey ?? '', tier: 'growth' };
    if (!apiKey) throw new ApiError(401, 'unauthorized', 'missing x-api-key header: send your API key in x-api-key');
    const config = this.options.keys.get(apiKey);
    if (!config) throw unknownKey();
    return { apiKey, tier: config.tier };
  }

  /** The budget of a caller: its key's own, at the key's rate (DESIGN §4); none for an unlimited key or in the simulator (spec §8). */
  budget(caller: Caller): Budget | null {
    if (this.options.mode === 'simulator') return null;
    const limit = this.options.keys.get(caller.apiKey)?.ratePerMinute ?? null;
    return limit === null ? null : { bucket: caller.apiKey, limit };
  }
}
