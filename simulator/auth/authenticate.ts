import type { IncomingHttpHeaders } from 'node:http';
import type { FaultSet } from '../faults/fault-set.js';
import type { ResolvedOptions } from '../options.js';
import type { Tier } from '../types.js';
import { ApiError } from '../errors.js';
import { RateLimiter } from './rate-limiter.js';

/** Who is calling: the API key and its tier. */
export interface Caller {
  apiKey: string;
  tier: Tier;
}

/** The rate limit of simulator mode when the simulator-rate-limited fault is on. */
const FAULTY_SIMULATOR_RATE = 100;

/** Authenticates requests (spec §5) and applies the per-key rate limit (DESIGN §4). */
export class Authenticator {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly faults: FaultSet,
  ) {
    this.limiter = new RateLimiter(options.clock);
  }

  /** Returns the caller of a request with `method` on `path` or throws 401 / 429. */
  admit(headers: IncomingHttpHeaders, method: string, path: string): Caller {
    const caller = this.identify(headers, method);
    const limit = this.limitFor(caller.apiKey);
    if (limit !== null && !this.faults.has('never-429')) {
      // fault rate-limit-per-path: a budget per key and path (a limiter keyed by route), not per key (spec §8)
      const bucket = this.faults.has('rate-limit-per-workspace')
        ? 'workspace'
        : this.faults.has('rate-limit-per-path')
          ? `${caller.apiKey} ${path}`
          : caller.apiKey;
      const retryAfter = this.limiter.take(bucket, limit);
      if (retryAfter !== null) {
        const headers: Record<string, string> = this.faults.has('429-without-retry-after') ? {} : { 'retry-after': String(retryAfter) };
        throw new ApiError(429, 'rate_limited', `rate limit of ${limit} requests per minute exceeded: retry after ${retryAfter} s`, headers);
      }
    }
    return caller;
  }

  private identify(headers: IncomingHttpHeaders, method: string): Caller {
    const raw = headers['x-api-key'];
    const apiKey = Array.isArray(raw) ? raw[0] : raw;
    const { mode, keys } = this.options;
    if (!apiKey) {
      if (mode === 'production' && !this.faults.has('missing-key-accepted')) {
        throw new ApiError(401, 'unauthorized', 'missing x-api-key header: send your API key in x-api-key');
      }
      return { apiKey: '', tier: 'growth' };
    }
    // spec §5.2: the simulator accepts any key (as Growth)
    const config = keys.get(apiKey);
    if (mode === 'simulator' && (config || !this.faults.has('simulator-requires-known-key'))) return { apiKey, tier: 'growth' };
    if (config && !(config.tier === 'starter' && this.faults.has('starter-keys-unknown'))) return { apiKey, tier: config.tier };
    if (this.faults.has('any-key-in-production')) return { apiKey, tier: 'growth' };
    if (method === 'GET' && this.faults.has('unknown-key-may-read')) return { apiKey, tier: 'growth' };
    throw new ApiError(401, 'unauthorized', 'unknown API key: check the x-api-key header');
  }

  private limitFor(apiKey: string): number | null {
    if (this.options.mode === 'simulator') return this.faults.has('simulator-rate-limited') ? FAULTY_SIMULATOR_RATE : null;
    // the rate-limit-per-workspace fault: one budget for the workspace, at its strictest key's rate
    if (this.faults.has('rate-limit-per-workspace')) return this.workspaceRate;
    return this.options.keys.get(apiKey)?.ratePerMinute ?? null;
  }

  private get workspaceRate(): number | null {
    const rates = [...this.options.keys.values()].map((k) => k.ratePerMinute).filter((r): r is number => r !== null);
    return rates.length > 0 ? Math.min(...rates) : null;
  }
}
