import type { Message } from '../../spec/index.js';
import type { Exchange, KeyRole } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';
import { boundedAll, send, sendBody, uniqueToken } from './scenario-helpers.js';

/** One answered page of GET /v1/messages. */
export interface ListPage {
  readonly exchange: Exchange;
  readonly items: readonly Message[];
  /** The pagination object as answered (its fields are assumed: DESIGN.md §4). */
  readonly pagination: Readonly<Record<string, unknown>> | undefined;
}

type Query = Readonly<Record<string, string | number | undefined>>;

/** GET /v1/messages with the query; fails the check unless it answers 2xx with a `data` array (spec §2.2). */
export async function listPage(ctx: CheckContext, query: Query, key: KeyRole = 'growth'): Promise<ListPage> {
  const exchange = await ctx.http.request({ method: 'GET', path: '/v1/messages', query, key });
  ctx.expectStatus(exchange, '2xx', `listing messages (${describeQuery(query)})`, fixtureBreaks(ctx));
  const body = (typeof exchange.json === 'object' && exchange.json !== null ? exchange.json : {}) as { data?: unknown; pagination?: unknown };
  if (!Array.isArray(body.data)) {
    return ctx.fail(`GET /v1/messages?${describeQuery(query)} did not answer {data: [...]} (spec §2.2): ${exchange.bodyText.slice(0, 200)}`, {
      exchange,
      requirements: [ctx.cited ?? 'MSG-LIST-ENVELOPE'],
    });
  }
  const pagination = typeof body.pagination === 'object' && body.pagination !== null ? (body.pagination as Record<string, unknown>) : undefined;
  return { exchange, items: body.data as Message[], pagination };
}

/** What a scan of the list saw. */
export interface Scan {
  readonly items: readonly Message[];
  /** True when the scan reached the end of the list (or, newest first, went past `since`). */
  readonly complete: boolean;
}

/** Options of {@link scanMessages}. */
export interface ScanOptions {
  readonly key?: KeyRole;
  readonly query?: Query;
  /** Pages of 100 to read at most (default 30). */
  readonly maxPages?: number;
  /** Epoch ms: when the list is newest first, the scan stops at the first page that ends before this. */
  readonly since?: number;
}

const pageSize = 100; // spec §4.1: the largest limit

/** Reads the list page by page (bounded), deduplicating by id. */
export async function scanMessages(ctx: CheckContext, options: ScanOptions = {}): Promise<Scan> {
  const seen = new Map<string, Message>();
  let newestFirst = true;
  let previous = Infinity;
  for (let page = 1; page <= (options.maxPages ?? 30) && !ctx.signal.aborted; page++) {
    const { items } = await listPage(ctx, { ...options.query, limit: pageSize, page }, options.key);
    for (const item of items) {
      if (typeof item?.id === 'string' && !seen.has(item.id)) seen.set(item.id, item);
      const at = Date.parse(String(item?.created_at));
      if (!(at <= previous)) newestFirst = false;
      previous = at;
    }
    if (items.length < pageSize) return { items: [...seen.values()], complete: true };
    if (options.since !== undefined && newestFirst && previous < options.since) return { items: [...seen.values()], complete: true };
  }
  return { items: [...seen.values()], complete: false };
}

// a check's messages are made within seconds of its first answer; the Date header has whole seconds (RFC 9110 §6.6.1)
const clockMarginMs = 10_000;
// without a Date header the target's clock is unknown: allow for this much skew between it and ours
const clockSkewMs = 5 * 60_000;

/**
 * The messages of the list that satisfy `mine`, where `near` is an exchange answered while they were made (its Date
 * header bounds how far back a newest-first list is read); skips the check when the list is too long to read whole.
 */
export async function findMessages(ctx: CheckContext, mine: (m: Message) => boolean, key: KeyRole, near: Exchange): Promise<Message[]> {
  const answeredAt = Date.parse(near.headers.date ?? '');
  const since = Number.isNaN(answeredAt) ? Date.now() - clockSkewMs : answeredAt - clockMarginMs;
  const scan = await scanMessages(ctx, { key, since });
  if (!scan.complete)
    ctx.skip('the message list is too long to read whole (over 3000 messages, not newest first): the messages this check made cannot be counted');
  return scan.items.filter(mine);
}

/** Makes sure the list holds at least `count` messages, sending the missing ones as Growth free-form messages. */
export async function ensureMessages(ctx: CheckContext, count: number): Promise<void> {
  const { items } = await listPage(ctx, { limit: Math.min(count, pageSize) });
  const missing = count - items.length;
  if (missing <= 0) return;
  ctx.log(`the list holds ${items.length} messages: sending ${missing} more`);
  await boundedAll(ctx, missing, 4, async () => {
    const exchange = await send(ctx, 'freeForm', sendBody(ctx, 'freeForm', uniqueToken()));
    ctx.expectStatus(exchange, '2xx', 'sending a message to page through', fixtureBreaks(ctx));
  });
}

/** The ids of a page's items, in order. */
export function idsOf(items: readonly Message[]): string[] {
  return items.map((item) => String(item?.id));
}

function describeQuery(query: Query): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? 'no query' : entries.map(([name, value]) => `${name}=${String(value)}`).join('&');
}

/** Pages 1..count of the list with `limit` (stops at the first empty page). */
export async function walkPages(ctx: CheckContext, limit: number, count: number, query: Query = {}): Promise<ListPage[]> {
  const pages: ListPage[] = [];
  for (let page = 1; page <= count && !ctx.signal.aborted; page++) {
    const answered = await listPage(ctx, { ...query, limit, page });
    pages.push(answered);
    if (answered.items.length === 0) break;
  }
  return pages;
}

/**
 * Runs `read` until the first 100 ids of the list are the same before and after it (at most 3 times), so that what
 * it read belongs to one unchanged collection; skips the check when the list keeps changing.
 */
export async function whileUnchanged<T>(ctx: CheckContext, read: () => Promise<T>): Promise<T> {
  const snapshot = async (): Promise<string> => idsOf((await listPage(ctx, { limit: pageSize, page: 1 })).items).join(',');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const before = await snapshot();
    const result = await read();
    if ((await snapshot()) === before) return result;
    ctx.log(`the list changed while it was read (attempt ${attempt})`);
  }
  return ctx.skip('the message list kept changing while it was read: run this check with the target to itself');
}
