import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from '../auth/authenticate.js';
import type { ReferenceContext } from '../context.js';
import { ApiError } from '../errors.js';
import { readBody } from './read-body.js';
import type { Router } from './router.js';
import { errorReply, sendReply } from './reply.js';
import type { Reply } from './reply.js';

/** The request listener of the API server: route, authenticate, rate-limit, handle, answer. */
export function createApiListener(ref: ReferenceContext, router: Router, auth: Authenticator) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void answer(ref, router, auth, req).then((reply) => {
      if (!res.headersSent && !res.destroyed) sendReply(res, reply, ref.options.variations);
    });
  };
}

async function answer(ref: ReferenceContext, router: Router, auth: Authenticator, req: IncomingMessage): Promise<Reply> {
  try {
    const raw = await readBody(req);
    const { path, query } = requestTarget(req.url ?? '/');
    const method = req.method ?? 'GET';
    const route = router.match(method, path);
    const request = { method, path, query, params: route.params, headers: req.headers, raw };
    let caller;
    try {
      caller = auth.admit(req.headers, method, path);
    } catch (err) {
      // fault refused-write-runs: the 401 is answered, but the write runs anyway (an auth middleware without `return`)
      if (err instanceof ApiError && err.status === 401 && method !== 'GET' && ref.faults.has('refused-write-runs')) {
        await Promise.resolve({ ...request, apiKey: '', tier: 'growth' as const })
          .then(route.handler)
          .catch(() => undefined);
      }
      throw err;
    }
    return await route.handler({ ...request, ...caller });
  } catch (err) {
    if (err instanceof ApiError) return errorReply(withMethodFaults(err, ref), ref.options.clock(), ref.faults, ref.options.variations);
    if (err instanceof TypeError && /URL/i.test(err.message)) {
      return errorReply(new ApiError(400, 'validation_error', 'request target is not a valid path'), ref.options.clock(), ref.faults, ref.options.variations);
    }
    // a bug in the reference: say so, never crash the server. With faults on, a crash is usually the fault's point
    // (e.g. typeof-null-body): one line naming the faults, so self-test output is not buried in stack traces
    const on = ref.faults.ids;
    if (on.length === 0) console.error('reference: unexpected error', err);
    else console.error(`reference (faults: ${on.join(', ')}): unexpected error: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    return errorReply(new ApiError(500, 'internal_error', 'the reference hit an unexpected error'), ref.options.clock(), ref.faults, ref.options.variations);
  }
}

/** A path of letters, digits, `_`, `-`, `~` and `/` (no dot segment, nothing URL parsing would rewrite or encode) and a plain query. */
const PLAIN_TARGET = /^(\/[\w\-~/]*)(?:\?([\w\-.~&=%+:,]*))?$/;

/**
 * The path and query of a request target as WHATWG URL parsing gives them. The plain targets almost every request
 * has are split directly (URL parsing leaves them as they are); any other goes through URL (dot segments,
 * characters it encodes, absolute form), and a target it rejects throws its TypeError.
 */
function requestTarget(target: string): { path: string; query: URLSearchParams } {
  const plain = PLAIN_TARGET.exec(target);
  if (plain) return { path: plain[1] as string, query: new URLSearchParams(plain[2] ?? '') };
  const url = new URL(target.startsWith('/') ? `http://reference.invalid${target}` : target);
  return { path: url.pathname, query: url.searchParams };
}

/** The 405 of an unlisted method as the faults unlisted-method-404 and unlisted-method-no-allow answer it. */
function withMethodFaults(err: ApiError, ref: ReferenceContext): ApiError {
  if (err.status !== 405) return err;
  if (ref.faults.has('unlisted-method-404')) return new ApiError(404, 'not_found', err.message);
  return ref.faults.has('unlisted-method-no-allow') ? new ApiError(405, err.code, err.message) : err;
}
