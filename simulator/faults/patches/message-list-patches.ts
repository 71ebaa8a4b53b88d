import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { invalid } from '../../errors.js';
import { jsonReply } from '../../http/reply.js';
import type { MessageFilter } from '../../messages/listing.js';
import { MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '../../types.js';
import type { StoredMessage } from '../../types.js';
import { lenientEnum } from '../../validation/lenient-input.js';
import { bodyOf, editAnswers, succeeded } from './answers.js';
import type { JsonObject } from './answers.js';
import { integerOf, parseIntReading, withParam } from './lenient-readings.js';
import { changedWithin, lastChanges, templateMessageIds } from './message-history.js';
import type { Patch, Patches } from './patch.js';

/** A list answer as the service gives it. */
interface ListBody {
  data: JsonObject[];
  pagination: { page: number; limit: number; total: number; has_more: boolean };
}

/** An integer parameter (page or limit) that also takes `value`, which the spec refuses. */
function alsoTakes(part: 'page' | 'limit', value: number): Patch {
  return ({ listing }) => around(listing, part, (next, query) => (integerOf(query.get(part)) === value ? value : next(query)));
}

/** An integer parameter read as parseInt does. */
function parsedLeniently(part: 'page' | 'limit'): Patch {
  return ({ listing }) => around(listing, part, (next, query) => next(withParam(query, part, parseIntReading)));
}

/** A filter that takes any text for `name` (and so matches nothing). */
function unchecked(name: keyof MessageFilter): Patch {
  return ({ listing }) =>
    around(listing, 'filter', (next, query) => ({ ...next(withParam(query, name, () => undefined)), [name]: query.get(name) ?? undefined }));
}

/** A filter that leaves out messages the spec's filter takes: `drops` says which. */
function dropping(drops: (m: StoredMessage, filter: MessageFilter, ref: ReferenceContext) => boolean): Patch {
  return (ref) => around(ref.listing, 'matches', (next, m, filter) => !drops(m, filter, ref) && next(m, filter));
}

/** A fault of each listed item. */
function items(edit: (item: JsonObject, ref: ReferenceContext) => void): Patch {
  return (ref) => editAnswers<ListBody>(ref, 'listMessages', (body) => body.data.forEach((item) => edit(item, ref)));
}

/** A fault of the pagination object. */
function pagination(edit: (body: ListBody, ref: ReferenceContext) => void): Patch {
  return (ref) => editAnswers<ListBody>(ref, 'listMessages', (body) => edit(body, ref));
}

/** The faults of GET /v1/messages (spec §4.1): its parameters, filters, pages and items. */
export const messageListPatches: Patches = {
  'accepts-page-0': (ref) => {
    alsoTakes('page', 0)(ref);
    around(ref.listing, 'window', (next, page, limit) => next(Math.max(page, 1), limit));
  },
  'page-parsed-leniently': parsedLeniently('page'),
  'accepts-limit-0': alsoTakes('limit', 0),
  'accepts-limit-101': alsoTakes('limit', 101),
  'list-limit-capped-50': ({ listing }) =>
    around(listing, 'limit', (next, query) => {
      const limit = next(query);
      if (limit > 50) throw invalid('limit must be at most 50');
      return limit;
    }),
  'default-limit-50': ({ listing }) => around(listing, 'limit', (next, query) => (query.has('limit') ? next(query) : 50)),
  'limit-parsed-leniently': parsedLeniently('limit'),
  // read as a C int32 is
  'limit-wraps-32-bit': ({ listing }) =>
    around(listing, 'limit', (next, query) => next(withParam(query, 'limit', (raw) => (/^-?\d+$/.test(raw) ? String(Number(raw) | 0) : raw)))),
  'status-filter-case-insensitive': ({ listing }) =>
    around(listing, 'filter', (next, query) => next(withParam(query, 'status', (raw) => lenientEnum(raw, MESSAGE_STATUSES, 'case')))),
  'direction-filter-prefix': ({ listing }) =>
    around(listing, 'filter', (next, query) => next(withParam(query, 'direction', (raw) => lenientEnum(raw, MESSAGE_DIRECTIONS, 'prefix')))),
  'status-filter-unchecked': unchecked('status'),
  'direction-filter-unchecked': unchecked('direction'),
  'filter-ignored': ({ listing }) => around(listing, 'matches', () => true),
  'direction-filter-ignored': ({ listing }) => around(listing, 'matches', (next, m, filter) => next(m, { ...filter, direction: undefined })),
  // a status change leaves the old index entry at once and enters the new one 2 s later
  'status-filter-index-lags': (ref) => {
    const changes = lastChanges(ref);
    dropping((m, filter) => filter.status !== undefined && changedWithin(ref, changes, m.id, 2000))(ref);
  },
  'outbound-filter-skips-templates': (ref) => {
    const fromTemplate = templateMessageIds(ref);
    dropping((m, filter) => filter.direction === 'outbound' && fromTemplate.has(m.id))(ref);
  },
  // the list reads a replica that has not seen the last 2 seconds yet
  'list-replica-lag': dropping((m, _, ref) => Date.parse(m.created_at) > ref.options.clock() - 2000),
  // the status filter is applied to each page after it is cut: the page is the unfiltered one, less what the filter drops
  'status-filter-after-paging': ({ operations }) =>
    around(operations, 'listMessages', async (next, req) => {
      const status = req.query.get('status');
      const filtered = await next(req);
      if (status === null || !succeeded(filtered)) return filtered;
      const page = bodyOf<ListBody>(await next({ ...req, query: withParam(req.query, 'status', () => undefined) }));
      page.data = page.data.filter((item) => item.status === status);
      page.pagination.total = bodyOf<ListBody>(filtered).pagination.total;
      return jsonReply(200, page, filtered.headers);
    }),
  'page-ignored': ({ listing }) => around(listing, 'window', (next, _, limit) => next(1, limit)),
  'pages-overlap-by-one': ({ listing }) =>
    around(listing, 'window', (next, page, limit) => {
      const window = next(page, limit);
      return page > 1 ? { start: window.start - 1, end: window.end - 1 } : window;
    }),
  // the page read is remembered for the window (both in one go, no await between)
  'page-default-skips-first': ({ listing }) => {
    let absent = false;
    around(listing, 'page', (next, query) => ((absent = !query.has('page')), next(query)));
    around(listing, 'window', (next, page, limit) => (absent ? { start: 1, end: 1 + limit } : next(page, limit)));
  },
  'limit-plus-one': ({ listing }) =>
    around(listing, 'window', (next, page, limit) => {
      const window = next(page, limit);
      return { ...window, end: window.end + 1 };
    }),
  'list-whitespace-collapsed': items((item) => void (item.message = String(item.message).replace(/\s+/g, ' '))),
  'list-not-wrapped': (ref) => editAnswers<ListBody>(ref, 'listMessages', (body) => body.data),
  'filtered-total-unfiltered': pagination(({ data, pagination: p }, ref) => {
    const stored = ref.store.messages.size;
    Object.assign(p, { total: stored, has_more: (Math.max(p.page, 1) - 1) * p.limit + data.length < stored });
  }),
  'has-more-on-every-page': pagination(({ data, pagination: p }) => void (p.has_more ||= data.length > 0)),
  // "a full page means more follow", wrong only on a last page that ends exactly at the end
  'has-more-when-full': pagination(({ data, pagination: p }) => void (p.has_more ||= data.length === p.limit)),
  'list-status-stale': items((item) => void (item.status = 'queued')),
  'list-created-at-now': items((item, ref) => void (item.created_at = new Date(ref.options.clock()).toISOString())),
  'list-cuts-message': items((item) => void (item.message = [...String(item.message)].slice(0, 20).join(''))),
  'template-list-text-empty': (ref) => {
    const fromTemplate = templateMessageIds(ref);
    items((item) => void (fromTemplate.has(String(item.id)) && (item.message = '')))(ref);
  },
};
