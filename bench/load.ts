import autocannon from 'autocannon';
import type { MixRequest } from './contract-mix.js';

/** Seconds a load run lasts unless told otherwise (BENCH_SECONDS). */
export const loadSeconds = Number(process.env.BENCH_SECONDS ?? 4);

/** One load run's outcome. */
export interface LoadResult {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
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
  });
  return { requestsPerSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}
