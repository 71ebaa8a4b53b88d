import autocannon from 'autocannon';

/** One load run's outcome. */
export interface LoadResult {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

/** What to send: one request shape, repeated. */
export interface LoadRequest {
  url: string;
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
    duration: request.duration ?? Number(process.env.BENCH_SECONDS ?? 4),
    connections: request.connections ?? 16,
    pipelining: 1,
  });
  return { requestsPerSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}
