import type { ResolvedOptions } from '../options.js';
import type { Store } from '../store.js';
import { MESSAGE_DIRECTIONS, MESSAGE_STATUSES } from '../types.js';
import type { MessageDirection, MessageStatus, StoredMessage } from '../types.js';
import { enumParam, intParam } from '../validation/fields.js';

/** The filters of GET /v1/messages (spec §4.1). */
export interface MessageFilter {
  status?: MessageStatus;
  direction?: MessageDirection;
}

/** One page of a list: where it starts and ends in the filtered messages. */
export interface PageWindow {
  start: number;
  end: number;
}

/**
 * The steps of GET /v1/messages (spec §4.1: page, limit, status, direction), one part each, so that a fault wraps the
 * step it breaks (docs/decisions/0033); the operation calls them through the listing.
 */
export class MessageListing {
  constructor(
    private readonly store: Store,
    private readonly options: ResolvedOptions,
  ) {}

  /** `page`: an integer from 1, default 1. */
  page(query: URLSearchParams): number {
    return intParam(query, 'page', { min: 1, fallback: 1 });
  }

  /** `limit`: an integer from 1 to 100, default 20. */
  limit(query: URLSearchParams): number {
    return intParam(query, 'limit', { min: 1, max: 100, fallback: 20 });
  }

  /** The `status` and `direction` filters: members of their enums (spec §2.1), each optional. */
  filter(query: URLSearchParams): MessageFilter {
    return { status: enumParam(query, 'status', MESSAGE_STATUSES), direction: enumParam(query, 'direction', MESSAGE_DIRECTIONS) };
  }

  /** The messages the filter selects, newest first (variations: oldest first; a filtered list by id). */
  selected(filter: MessageFilter): StoredMessage[] {
    const newestFirst = this.store.listMessages();
    const listed = this.options.variations.has('lists-oldest-first') ? newestFirst.reverse() : newestFirst;
    // variation filtered-lists-by-id: a filtered list reads an index keyed by id (spec §4.1 states no order)
    if (this.options.variations.has('filtered-lists-by-id') && (filter.status !== undefined || filter.direction !== undefined))
      listed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return listed.filter((m) => this.matches(m, filter));
  }

  /** True when a message passes the filter. */
  matches(m: StoredMessage, filter: MessageFilter): boolean {
    return (!filter.status || m.status === filter.status) && (!filter.direction || m.direction === filter.direction);
  }

  /** Where page `page` of `limit` messages starts and ends. */
  window(page: number, limit: number): PageWindow {
    const start = (page - 1) * limit;
    return { start, end: start + limit };
  }
}
