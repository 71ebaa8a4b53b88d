import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { OperationId } from '../../http/api-routes.js';
import { jsonReply } from '../../http/reply.js';
import type { Reply } from '../../http/reply.js';
import type { RequestContext } from '../../http/router.js';

/** A JSON object as an answer carries it. */
export type JsonObject = Record<string, unknown>;

/** The JSON body of a reply, as `T` (the caller knows the operation's answer). */
export function bodyOf<T = JsonObject>(reply: Reply): T {
  return JSON.parse(reply.json ?? 'null') as T;
}

/** True for a 2xx reply with a JSON body. */
export function succeeded(reply: Reply): boolean {
  return reply.status >= 200 && reply.status < 300 && reply.json !== undefined;
}

/**
 * Wraps an operation so that each of its 2xx JSON answers is rewritten: `edit` gets the parsed body (to change in
 * place, returning nothing) or returns the body to answer instead. Errors and bodiless answers pass as they are.
 */
export function editAnswers<T = JsonObject>(ref: ReferenceContext, operation: OperationId, edit: (body: T, req: RequestContext) => unknown): void {
  around(ref.operations, operation, async (next, req) => {
    const reply = await next(req);
    if (!succeeded(reply)) return reply;
    const body = bodyOf<T>(reply);
    const edited = edit(body, req);
    return jsonReply(reply.status, edited === undefined ? body : edited, reply.headers);
  });
}

/** Wraps an operation: `before` runs first and may refuse the request (by throwing) or hand on another one. */
export function beforeOperation(ref: ReferenceContext, operation: OperationId, before: (req: RequestContext) => RequestContext | void): void {
  around(ref.operations, operation, (next, req) => next(before(req) ?? req));
}
