import { HarnessError } from '../../targets/index.js';
import type { Exchange, HttpClient, Patience } from '../../targets/index.js';
import { targetMessage } from './target-answer.js';

const refusedKey = (exchange: Exchange): boolean => exchange.status === 401 || exchange.status === 403;

/**
 * The run's set-up probe (DESIGN.md §3 "Test whatever exists": no single check gates the run). Any HTTP answer from
 * the origin means reachable, whatever its status; no answer (network error, timeout) is TARGET_UNREACHABLE. A
 * 401/403 to GET /v1/user/me is confirmed on GET /v1/messages?limit=1 (spec §4.3 only calls the former a connection
 * test: a target may lack it): both refused is KEY_REFUSED. An answer without JSON is asked the same second
 * question: neither answering JSON, nor 5xx (a broken API is tested), is NOT_THIS_API (decision 39). At most two
 * requests, through the run's client (they count in its budget and rate), and a third when the first timed out while
 * the run was slow (`patience`: decision 35, the time the run's patience gives a request of `requestTimeoutMs`).
 * Throws a HarnessError with how to fix it.
 */
export async function probeReachability(
  http: HttpClient,
  origin: string,
  signal?: AbortSignal,
  patience?: { readonly of: Patience; readonly requestTimeoutMs: number },
): Promise<void> {
  const first = await patientProbe(http, signal, patience);
  if (first.status === undefined) {
    throw unreachable(origin, first.error ?? { code: 'NO_RESPONSE', message: 'no status' });
  }
  if (!refusedKey(first) && first.json !== undefined) return;
  const second = await http.request({ method: 'GET', path: '/v1/messages', query: { limit: 1 }, ...(signal ? { signal } : {}) });
  if (refusedKey(first) && refusedKey(second)) {
    const said = targetMessage(second) ?? targetMessage(first);
    throw new HarnessError(
      'KEY_REFUSED',
      `the target refused the API key: GET /v1/user/me answered ${first.status} and GET /v1/messages?limit=1 answered ${second.status}${said ? ` (${said})` : ''}. To fix: pass a valid key with --api-key or set CONFORM_API_KEY.`,
    );
  }
  // spec §1 "Bodies are JSON": neither answering JSON (a web server, a UI's port) is no API to test (decision 39)
  if ([first, second].every((exchange) => !answersLikeAnApi(exchange))) {
    throw new HarnessError(
      'NOT_THIS_API',
      `the target does not answer like this API: GET ${origin}/v1/user/me answered ${shown(first)} and GET /v1/messages?limit=1 answered ${shown(second)}, neither with JSON. To fix: give the API's origin (--target, --base-url; without /v1, not a web UI's port).`,
    );
  }
}

/** JSON, a refused key or a 5xx (an API that is there but broken): any of them is worth testing. */
function answersLikeAnApi(exchange: Exchange): boolean {
  return exchange.json !== undefined || refusedKey(exchange) || (exchange.status ?? 0) >= 500;
}

/** A status and the kind of body it came with. */
function shown(exchange: Exchange): string {
  // the target's words: cut short (a header is one line: the HTTP parser refuses control characters in it)
  const type = exchange.headers['content-type']?.split(';')[0]?.trim().slice(0, 60);
  return `${exchange.status ?? 'nothing'}${type ? ` (${type})` : exchange.bodyText.length === 0 ? ' (no body)' : ''}`;
}

/** GET /v1/user/me, asked once more when it timed out while the run was slow (slowness is not an unreachable target). */
async function patientProbe(
  http: HttpClient,
  signal: AbortSignal | undefined,
  patience: { readonly of: Patience; readonly requestTimeoutMs: number } | undefined,
) {
  const mark = patience?.of.mark();
  const probe = { method: 'GET', path: '/v1/user/me', ...(signal ? { signal } : {}) } as const;
  const first = await http.request(probe);
  if (first.error?.code !== 'TIMEOUT' || patience === undefined || mark === undefined || patience.of.unmetBecauseSlow(mark) === undefined) return first;
  return http.request({ ...probe, timeoutMs: Math.max(patience.requestTimeoutMs, patience.of.deadline(patience.requestTimeoutMs)) });
}

/** TARGET_UNREACHABLE: GET /v1/user/me at the origin got no answer (the error it got instead), and how to fix it. */
export function unreachable(origin: string, error: { readonly code: string; readonly message: string }): HarnessError {
  return new HarnessError(
    'TARGET_UNREACHABLE',
    `target not reachable: GET ${origin}/v1/user/me failed: ${error.code} ${oneLine(error.message)}. To fix: start the target or fix the address: ${origin} did not answer (--target, --base-url; the origin without /v1).`,
  );
}

/** A network error's message on one line (OpenSSL's end with a newline). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
