import type { IncomingMessage } from 'node:http';
import type { Authenticator } from '../auth/authenticate.js';
import { ApiError } from '../errors.js';
import type { ResolvedOptions } from '../options.js';
import { parseJsonObject } from '../validation/fields.js';
import { readBody } from './read-body.js';
import { errorReply } from './reply.js';
import type { Reply } from './reply.js';
import { Router } from './router.js';
import type { RequestContext } from './router.js';

/** A request as the API gets it, before routing and authentication. */
export type ApiRequest = Omit<RequestContext, 'params' | 'apiKey' | 'tier'>;

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

/**
 * The API's HTTP behaviour (spec §4, DESIGN §4) as parts a fault or a variation may wrap: `serve` (route, authenticate,
 * hand to the operation), `readJson` (a request body), `errorReply` (the error body) and `unexpected` (a bug of the
 * reference, said and answered 500, never a crash). The router gets its routes once the reference is assembled.
 */
export class Api {
  readonly router = new Router();

  constructor(private readonly ref: { auth: Authenticator; options: ResolvedOptions }) {}

  /** Answers one HTTP request of the API server; never throws. */
  async answer(req: IncomingMessage): Promise<Reply> {
    try {
      const raw = await readBody(req);
      const { path, query } = requestTarget(req.url ?? '/');
      return await this.serve({ method: req.method ?? 'GET', path, query, headers: req.headers, raw });
    } catch (err) {
      if (err instanceof ApiError) return this.errorReply(err);
      if (err instanceof TypeError && /URL/i.test(err.message))
        return this.errorReply(new ApiError(400, 'validation_error', 'request target is not a valid path'));
      this.unexpected(err);
      return this.errorReply(new ApiError(500, 'internal_error', 'the reference hit an unexpected error'));
    }
  }

  /** Routes a request (404, 405 with Allow), authenticates it (401, 429) and hands it to its operation. */
  async serve(request: ApiRequest): Promise<Reply> {
    const route = this.router.match(request.method, request.path);
    const caller = this.ref.auth.admit(request);
    return await route.handler({ ...request, params: route.params, ...caller });
  }

  /** A request body that must be a JSON object (400 otherwise). */
  readJson(raw: Buffer): Record<string, unknown> {
    return parseJsonObject(raw);
  }

  /** The answer to an error (DESIGN §4's error body). */
  errorReply(err: ApiError): Reply {
    return errorReply(err, this.ref.options.clock(), this.ref.options.variations);
  }

  /** A bug in the reference: printed, and answered 500 by `answer`. */
  unexpected(err: unknown): void {
    console.error('reference: unexpected error', err);
  }
}
