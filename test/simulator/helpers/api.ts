/** A minimal JSON client for the reference's own tests (loopback only). */
export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Calls the reference at `base` with an optional API key, JSON body and headers. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers['x-api-key'] = opts.key;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Polls `check` until it returns true or the time is up. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A valid free-form send body. */
export const sendBody = (over: Record<string, unknown> = {}) => ({ to: '+14155550123', from: '+14155550100', message: 'hello', ...over });
