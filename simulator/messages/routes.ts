import type { ReferenceContext } from '../context.js';
import type { Operations } from '../http/api-routes.js';
import type { RequestContext } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { ApiError, notFound } from '../errors.js';
import type { StoredMessage } from '../types.js';
import { send } from './send.js';

/** The four message operations (spec §4.1). */
export function messageOperations(ref: ReferenceContext): Pick<Operations, 'listMessages' | 'sendMessage' | 'sendTemplateMessage' | 'getMessage'> {
  return {
    listMessages: (req) => list(ref, req),
    sendMessage: (req) => sendFreeForm(ref, req),
    sendTemplateMessage: (req) => send(ref, req, (body) => ref.sendChecks.template(body)),
    getMessage: (req) => get(ref, req.params.message_id ?? ''),
  };
}

/** The refusal of a free-form send by a Starter key (spec §4.1, §7). */
export function tierRefusal(): ApiError {
  return new ApiError(402, 'tier_not_allowed', 'the Starter tier cannot send free-form messages: use POST /v1/messages/send-template');
}

function sendFreeForm(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  // spec §4.1 / §7: Starter callers get 402 and must use send-template
  if (req.tier === 'starter') throw tierRefusal();
  return send(ref, req, (body) => ref.sendChecks.freeForm(body));
}

function list(ref: ReferenceContext, req: RequestContext): Reply {
  const listing = ref.listing;
  const page = listing.page(req.query);
  const limit = listing.limit(req.query);
  const all = listing.selected(listing.filter(req.query));
  const { start, end } = listing.window(page, limit);
  const cut = all.slice(start, end);
  const data = cut.map((m) => presentListed(ref, m));
  const more = ref.options.variations.has('extra-fields') ? { total_pages: Math.ceil(all.length / Math.max(limit, 1)) } : {};
  return jsonReply(200, { data, pagination: { page, limit, total: all.length, has_more: start + cut.length < all.length, ...more } });
}

/** A message as a list item; variation list-local-time shows the same instant in +02:00, to the second. */
function presentListed(ref: ReferenceContext, m: StoredMessage): Record<string, unknown> {
  const shown = ref.messages.present(m);
  if (ref.options.variations.has('list-local-time')) shown.created_at = localTime(Date.parse(m.created_at));
  return shown;
}

/** An RFC 3339 stamp of `ms` in +02:00, whole seconds. */
function localTime(ms: number): string {
  return `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
}

function get(ref: ReferenceContext, id: string): Reply {
  // variation status-advances-on-read: a read asks the carrier, so a message in flight moves one step on first
  if (ref.options.variations.has('status-advances-on-read')) ref.messages.advance(id);
  const message = ref.store.messages.get(id);
  if (!message) throw notFound(`message ${id} does not exist`);
  return jsonReply(200, ref.messages.present(message));
}
