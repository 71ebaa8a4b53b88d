import autocannon from 'autocannon';
import type { MixRequest } from './contract-mix.js';

/** Seconds a load run lasts unless told otherwise (BENCH_SECONDS). */
export const loadSeconds = Number(process.env.BENCH_SECONDS ?? 4);

/** One load run's outcome. */
export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in all. */
  total: number;
  non2xx: number;
  errors: number;
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
}

/** What to send: one request shape, repeated; or a sequence each connection cycles through (`requests`, on `url`'s origin). */
export interface LoadRequest {
  url: string;
  requests?: MixRequest[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Seconds (bounded: the run stops by itself). */
  duration?: number;
  connections?: number;
  /** Requests per second in all (default: as fast as the connections go). */
  overallRate?: number;
}

/** Drives loopback load with autocannon (bounded by duration) and returns the mean request rate. */
export async function load(request: LoadRequest): Promise<LoadResult> {
  const result = await autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.requests === undefined ? {} : { requests: request.requests as autocannon.Request[] }),
    duration: request.duration ?? loadSeconds,
    connections: request.connections ?? 16,
    pipelining: 1,
    ...(request.overallRate === undefined ? {} : { overallRate: request.overallRate }),
  });
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
