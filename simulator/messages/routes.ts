import type { ReferenceContext } from '../context.js';
import type { RequestContext, Router } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { ApiError, notFound } from '../errors.js';
import { MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '../types.js';
import { checkE164, checkText, enumParam, intParam, optionalObject, optionalString, requireString } from '../validation/fields.js';
import { send } from './send.js';
import type { SendInput } from './send.js';
import { renderTemplate } from './templates.js';

/** The shared sender number of Starter sends without `from` (spec §4.1 send-template). */
export const SHARED_NUMBER = '+15550000000';

/** Longest message text in characters (spec §8). */
export const MESSAGE_MAX = 1600;

/** Registers the four message operations (spec §4.1). */
export function addMessageRoutes(router: Router, ref: ReferenceContext): void {
  router
    .add('GET', '/v1/messages', (req) => list(ref, req))
    .add('POST', '/v1/messages', (req) => sendFreeForm(ref, req))
    .add('POST', '/v1/messages/send-template', (req) => send(ref, req, (body) => checkTemplate(ref, req, body)))
    .add('GET', '/v1/messages/{message_id}', (req) => get(ref, req.params.message_id ?? ''));
}

function sendFreeForm(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  // spec §4.1 / §7: Starter callers get 402 and must use send-template
  if (req.tier === 'starter' && !ref.faults.has('starter-freeform-allowed')) {
    throw new ApiError(402, 'tier_not_allowed', 'the Starter tier cannot send free-form messages: use POST /v1/messages/send-template');
  }
  return send(ref, req, (body): SendInput => {
    const to = requireString(body, 'to');
    if (!ref.faults.has('e164-not-checked-on-send')) checkE164('to', to);
    const from = body.from === undefined && ref.faults.has('missing-from-accepted') ? SHARED_NUMBER : requireString(body, 'from');
    const max = ref.faults.has('accepts-1601-chars') ? MESSAGE_MAX + 1 : MESSAGE_MAX;
    return { to, from, message: checkText('message', requireString(body, 'message'), max) };
  });
}

function checkTemplate(ref: ReferenceContext, req: RequestContext, body: Record<string, unknown>): SendInput {
  const template = requireString(body, 'template');
  const to = requireString(body, 'to');
  if (!ref.faults.has('e164-not-checked-on-template')) checkE164('to', to);
  const given = optionalString(body, 'from');
  if (given === undefined && req.tier === 'starter' && ref.faults.has('starter-no-shared-number')) throw new ApiError(400, 'validation_error', 'from is required');
  const fallback = optionalString(body, 'fallback');
  if (fallback !== undefined) checkText('fallback', fallback, MESSAGE_MAX);
  const input = { template, variant: optionalString(body, 'variant'), data: optionalObject(body, 'data'), fallback };
  const metadata = optionalObject(body, 'metadata');
  const message = checkText('message', renderTemplate(input, ref.faults), MESSAGE_MAX);
  // DESIGN §4: a send without `from` uses the shared number (Starter must; Growth may)
  return { to, from: given ?? SHARED_NUMBER, message, ...(metadata ? { metadata } : {}) };
}

function list(ref: ReferenceContext, req: RequestContext): Reply {
  const page = intParam(req.query, 'page', { min: ref.faults.has('accepts-page-0') ? 0 : 1, fallback: 1 });
  const limit = intParam(req.query, 'limit', { min: 1, max: ref.faults.has('accepts-limit-101') ? 101 : 100, fallback: 20 });
  const status = enumParam(req.query, 'status', MESSAGE_STATUSES);
  const direction = enumParam(req.query, 'direction', MESSAGE_DIRECTIONS);
  const filter = !ref.faults.has('filter-ignored');
  const all = ref.store
    .listMessages()
    .filter((m) => !filter || ((!status || m.status === status) && (!direction || m.direction === direction)));
  const start = ref.faults.has('page-ignored') ? 0 : (Math.max(page, 1) - 1) * limit;
  const data = all.slice(start, start + limit).map((m) => ref.messages.present(m));
  if (ref.faults.has('list-not-wrapped')) return jsonReply(200, data);
  return jsonReply(200, { data, pagination: { page, limit, total: all.length, has_more: start + data.length < all.length } });
}

function get(ref: ReferenceContext, id: string): Reply {
  const message = ref.store.messages.get(id);
  if (!message) {
    if (ref.faults.has('unknown-message-500')) throw new ApiError(500, 'internal_error', 'internal error');
    throw notFound(`message ${id} does not exist`);
  }
  return jsonReply(200, ref.messages.present(message));
}
