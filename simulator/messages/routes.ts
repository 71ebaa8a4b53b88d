import type { ReferenceContext } from '../context.js';
import type { Operations } from '../http/api-routes.js';
import type { RequestContext } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { ApiError, invalid, notFound } from '../errors.js';
import { MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '../types.js';
import type { StoredMessage } from '../types.js';
import { lenientSendTo, lenientTemplateTo } from '../validation/lenient-input.js';
import { checkE164, checkText, enumParam, intParam, isObject, optionalObject, optionalString, requireString } from '../validation/fields.js';
import { send } from './send.js';
import type { SendInput } from './send.js';
import { renderTemplate } from './templates.js';

/** The shared sender number of Starter sends without `from` (spec §4.1 send-template). */
export const SHARED_NUMBER = '+15550000000';

/** Longest message text in characters (spec §8). */
export const MESSAGE_MAX = 1600;

/** The four message operations (spec §4.1). */
export function messageOperations(ref: ReferenceContext): Pick<Operations, 'listMessages' | 'sendMessage' | 'sendTemplateMessage' | 'getMessage'> {
  return {
    listMessages: (req) => list(ref, req),
    sendMessage: (req) => sendFreeForm(ref, req),
    sendTemplateMessage: (req) => sendTemplate(ref, req),
    getMessage: (req) => get(ref, req.params.message_id ?? ''),
  };
}

function sendTemplate(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  if (req.tier === 'starter' && ref.faults.has('starter-template-402')) throw tierRefusal();
  if (req.tier === 'growth' && ref.faults.has('growth-template-403')) {
    throw new ApiError(403, 'tier_not_allowed', 'templates are for the Starter tier: use POST /v1/messages');
  }
  return send(ref, req, (body) => checkTemplate(ref, req, body));
}

function tierRefusal(): ApiError {
  return new ApiError(402, 'tier_not_allowed', 'the Starter tier cannot send free-form messages: use POST /v1/messages/send-template');
}

function sendFreeForm(ref: ReferenceContext, req: RequestContext): Promise<Reply> {
  // spec §4.1 / §7: Starter callers get 402 and must use send-template
  if (req.tier === 'starter' && !ref.faults.has('starter-freeform-allowed')) throw tierRefusal();
  if (req.tier === 'growth' && ref.faults.has('growth-freeform-402')) throw tierRefusal();
  return send(ref, req, (body): SendInput => {
    const given = ref.faults.has('missing-to-accepted') ? (optionalString(body, 'to') ?? '') : requireString(body, 'to');
    const to = lenientSendTo(given, ref.faults);
    if (to !== '' && !ref.faults.has('e164-not-checked-on-send')) checkE164('to', to);
    const from = freeFormFrom(ref, body);
    const max = ref.faults.has('accepts-1601-chars') ? MESSAGE_MAX + 1 : ref.faults.has('refuses-1600-chars') ? MESSAGE_MAX - 1 : MESSAGE_MAX;
    const text = body.message === undefined && ref.faults.has('missing-message-empty') ? '' : requireString(body, 'message');
    if (ref.faults.has('non-ascii-refused') && /[^\x20-\x7e\n\r\t]/.test(text)) throw invalid('message may only contain ASCII characters');
    return { to, from, message: checkText('message', text, max) };
  });
}

function freeFormFrom(ref: ReferenceContext, body: Record<string, unknown>): string {
  if (body.from === undefined && ref.faults.has('missing-from-accepted')) return SHARED_NUMBER;
  if (typeof body.from === 'number' && ref.faults.has('numeric-from-coerced')) return String(body.from);
  const from = requireString(body, 'from');
  return ref.faults.has('from-overridden') ? SHARED_NUMBER : from;
}

function checkTemplate(ref: ReferenceContext, req: RequestContext, body: Record<string, unknown>): SendInput {
  const givenTo = ref.faults.has('template-missing-to-accepted') ? (optionalString(body, 'to') ?? '') : requireString(body, 'to');
  const to = lenientTemplateTo(givenTo, ref.faults);
  if (to !== '' && !ref.faults.has('e164-not-checked-on-template')) checkE164('to', to);
  const given = typeof body.from === 'number' && ref.faults.has('template-numeric-from-coerced') ? String(body.from) : optionalString(body, 'from');
  const fromRequired = (req.tier === 'starter' && ref.faults.has('starter-no-shared-number')) || ref.faults.has('template-from-required');
  if (given === undefined && fromRequired) throw new ApiError(400, 'validation_error', 'from is required');
  const fallback = optionalString(body, 'fallback');
  if (fallback !== undefined) checkText('fallback', fallback, MESSAGE_MAX);
  const metadata = ref.faults.has('metadata-not-checked') && !isObject(body.metadata) ? undefined : optionalObject(body, 'metadata');
  if (body.template === undefined && ref.faults.has('missing-template-sends-fallback')) return { to, from: given ?? SHARED_NUMBER, message: fallback ?? '' };
  const template = requireString(body, 'template');
  const input = { template, variant: optionalString(body, 'variant'), data: optionalObject(body, 'data'), fallback };
  const message = checkText('message', renderTemplate(input, ref.faults, ref.options.templates), MESSAGE_MAX);
  // DESIGN §4: a send without `from` uses the shared number (Starter must; Growth may)
  const from = ref.faults.has('template-from-ignored') ? SHARED_NUMBER : (given ?? SHARED_NUMBER);
  return { to, from, message, ...(metadata ? { metadata } : {}) };
}

function list(ref: ReferenceContext, req: RequestContext): Reply {
  const f = ref.faults;
  const page = intParam(req.query, 'page', { min: f.has('accepts-page-0') ? 0 : 1, fallback: 1, lenient: f.has('page-parsed-leniently') });
  const limit = intParam(req.query, 'limit', {
    min: f.has('accepts-limit-0') ? 0 : 1,
    max: f.has('accepts-limit-101') ? 101 : f.has('list-limit-capped-50') ? 50 : 100,
    fallback: f.has('default-limit-50') ? 50 : 20,
    lenient: f.has('limit-parsed-leniently'),
    wraps32: f.has('limit-wraps-32-bit'),
  });
  const statusReading = f.has('status-filter-case-insensitive') ? 'case' : undefined;
  const directionReading = f.has('direction-filter-prefix') ? 'prefix' : undefined;
  const status = f.has('status-filter-unchecked') ? (req.query.get('status') ?? undefined) : enumParam(req.query, 'status', MESSAGE_STATUSES, statusReading);
  const direction = f.has('direction-filter-unchecked')
    ? (req.query.get('direction') ?? undefined)
    : enumParam(req.query, 'direction', MESSAGE_DIRECTIONS, directionReading);
  const filter = !f.has('filter-ignored');
  const byDirection = filter && !f.has('direction-filter-ignored');
  // the list-replica-lag fault: the list reads a replica that has not seen the last 2 seconds yet
  const seenUpTo = f.has('list-replica-lag') ? ref.options.clock() - 2000 : undefined;
  // status-filter-after-paging: the status filter is applied to each page after it is cut
  const late = f.has('status-filter-after-paging');
  // status-filter-index-lags: a status change leaves the old index entry at once and enters the new one 2 s later
  const indexed = (m: StoredMessage): string | undefined =>
    f.has('status-filter-index-lags') && m.previous && m.previous.until > ref.options.clock() - 2000 ? undefined : m.status;
  const matches = (m: StoredMessage, byStatus: boolean): boolean =>
    (!filter || !status || !byStatus || indexed(m) === status) &&
    (!byDirection || !direction || (m.direction === direction && !(direction === 'outbound' && m.from_template && f.has('outbound-filter-skips-templates')))) &&
    (seenUpTo === undefined || Date.parse(m.created_at) <= seenUpTo);
  const newestFirst = ref.store.listMessages();
  const listed = ref.options.variations.has('lists-oldest-first') ? newestFirst.reverse() : newestFirst;
  // variation filtered-lists-by-id: a filtered list reads an index keyed by id (spec §4.1 states no order)
  if (ref.options.variations.has('filtered-lists-by-id') && (status !== undefined || direction !== undefined))
    listed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const all = listed.filter((m) => matches(m, !late));
  let start = f.has('page-ignored') ? 0 : (Math.max(page, 1) - 1) * limit - (f.has('pages-overlap-by-one') && page > 1 ? 1 : 0);
  if (!req.query.has('page') && f.has('page-default-skips-first')) start = 1;
  const end = start + limit + (f.has('limit-plus-one') ? 1 : 0);
  const cut = all.slice(start, end);
  const data = (late ? cut.filter((m) => matches(m, true)) : cut).map((m) => presentListed(ref, m));
  if (f.has('list-whitespace-collapsed')) for (const item of data) item.message = String(item.message).replace(/\s+/g, ' ');
  if (ref.faults.has('list-not-wrapped')) return jsonReply(200, data);
  const total = f.has('filtered-total-unfiltered') ? listed.length : late ? all.filter((m) => matches(m, true)).length : all.length;
  // has-more-when-full: "a full page means more follow", wrong only on a last page that ends exactly at the end
  const hasMore =
    (f.has('has-more-on-every-page') && data.length > 0) ||
    (f.has('has-more-when-full') && data.length === limit) ||
    start + cut.length < (f.has('filtered-total-unfiltered') ? listed.length : all.length);
  const more = ref.options.variations.has('extra-fields') ? { total_pages: Math.ceil(total / Math.max(limit, 1)) } : {};
  return jsonReply(200, { data, pagination: { page, limit, total, has_more: hasMore, ...more } });
}

/**
 * A message as a list item: list-status-stale shows the status it was created with, list-created-at-now the time of
 * the listing, list-cuts-message a 20-character preview, template-list-text-empty no text for a template's message;
 * variation list-local-time the same instant in +02:00, to the second.
 */
function presentListed(ref: ReferenceContext, m: StoredMessage): Record<string, unknown> {
  const shown = ref.messages.present(m);
  if (ref.faults.has('list-status-stale')) shown.status = m.created_status ?? 'queued';
  if (ref.faults.has('list-created-at-now')) shown.created_at = new Date(ref.options.clock()).toISOString();
  if (ref.faults.has('list-cuts-message')) shown.message = [...m.message].slice(0, 20).join('');
  if (ref.faults.has('template-list-text-empty') && m.from_template) shown.message = '';
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
  if (!message) {
    if (ref.faults.has('unknown-message-500')) throw new ApiError(500, 'internal_error', 'internal error');
    if (ref.faults.has('unknown-message-200')) return jsonReply(200, null);
    throw notFound(`message ${id} does not exist`);
  }
  const shown = ref.messages.present(message);
  // get-status-flaps: every second read of a delivered message shows it sent
  if (message.status === 'delivered' && ref.faults.has('get-status-flaps')) {
    message.reads_after_delivered = (message.reads_after_delivered ?? 0) + 1;
    if (message.reads_after_delivered % 2 === 0) shown.status = 'sent';
  }
  // get-lags-events: GET reads a replica that shows a change 1 s after the events about it went out
  if (ref.faults.has('get-lags-events') && message.previous && message.previous.until > ref.options.clock() - 1000) shown.status = message.previous.status;
  if (ref.faults.has('get-swaps-to-from')) [shown.to, shown.from] = [shown.from, shown.to];
  if (ref.faults.has('get-message-nfc')) shown.message = String(shown.message).normalize('NFC');
  return jsonReply(200, shown);
}
