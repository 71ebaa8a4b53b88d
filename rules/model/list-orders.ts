import type { MessagePage } from './message-model.js';

/** An order GET /v1/messages may list in (spec §4.1 states none): by created_at or by id, either way. */
export type ListOrder = 'newest first' | 'oldest first' | 'id ascending' | 'id descending';

const everyOrder: readonly ListOrder[] = ['newest first', 'oldest first', 'id ascending', 'id descending'];

/**
 * Bits of evidence a list must show before a rule relies on its created_at order: an order unrelated to created_at
 * (ids are often random) shows pages that far in created_at order by chance less than once in a million runs.
 */
export const createdAtOrderProofBits = 20;

/** What the pages of one list (one set of filters) show of its order. */
export interface ListOrderEvidence {
  /** The list's filters as a query ('unfiltered' when none). */
  readonly list: string;
  /** The orders every page of the list fits. */
  readonly orders: ReadonlySet<ListOrder>;
  /** The pages that show an order (two or more items), in the order given. */
  readonly seqs: readonly number[];
  /** log2 of how unlikely the pages' created_at order is by chance: log2(n! / (ties)!) summed over pages. */
  readonly createdAtBits: number;
}

/** The list a page belongs to: its filters. */
export function listOf(page: Pick<MessagePage, 'status' | 'direction'>): string {
  const filters = [page.status === undefined ? '' : `status=${page.status}`, page.direction === undefined ? '' : `direction=${page.direction}`];
  return filters.filter((f) => f !== '').join('&') || 'unfiltered';
}

/** The order evidence of each list among the pages. */
export function listOrders(pages: readonly MessagePage[]): ReadonlyMap<string, ListOrderEvidence> {
  const out = new Map<string, { orders: Set<ListOrder>; seqs: number[]; createdAtBits: number }>();
  for (const page of pages) {
    const shown = pageOrders(page.items);
    if (shown === undefined) continue;
    const list = listOf(page);
    const entry = out.get(list) ?? { orders: new Set(everyOrder), seqs: [], createdAtBits: 0 };
    for (const order of [...entry.orders]) if (!shown.orders.has(order)) entry.orders.delete(order);
    entry.seqs.push(page.seq);
    entry.createdAtBits += shown.bits;
    out.set(list, entry);
  }
  return new Map([...out].map(([list, entry]) => [list, { list, ...entry }]));
}

interface PageOrders {
  readonly orders: ReadonlySet<ListOrder>;
  readonly bits: number;
}

/** A page's orders, once per page (the same items each judgement: rules/model/message-model.ts). */
const cache = new WeakMap<readonly unknown[], PageOrders | undefined>();

/** The orders a page fits and its created_at evidence; undefined for a page of fewer than two items (it fits every order). */
export function pageOrders(items: readonly Readonly<Record<string, unknown>>[]): PageOrders | undefined {
  if (cache.has(items)) return cache.get(items);
  let found: PageOrders | undefined;
  if (items.length >= 2) {
    const times = items.map((item) => Date.parse(String(item.created_at)));
    const ids = items.map((item) => String(item.id));
    const stamped = !times.some(Number.isNaN);
    const orders = new Set<ListOrder>();
    if (stamped && monotone(times, (a, b) => a >= b)) orders.add('newest first');
    if (stamped && monotone(times, (a, b) => a <= b)) orders.add('oldest first');
    if (monotone(ids, (a, b) => a <= b)) orders.add('id ascending');
    if (monotone(ids, (a, b) => a >= b)) orders.add('id descending');
    found = { orders, bits: stamped ? orderBits(times) : 0 };
  }
  cache.set(items, found);
  return found;
}

function monotone<T>(values: readonly T[], ordered: (before: T, after: T) => boolean): boolean {
  return values.every((value, i) => i === 0 || ordered(values[i - 1] as T, value));
}

/** log2 of the number of orders of the values that their sorted order is one of: n! over the ties' factorials. */
function orderBits(values: readonly number[]): number {
  const ties = new Map<number, number>();
  for (const value of values) ties.set(value, (ties.get(value) ?? 0) + 1);
  return log2Factorial(values.length) - [...ties.values()].reduce((sum, n) => sum + log2Factorial(n), 0);
}

function log2Factorial(n: number): number {
  let sum = 0;
  for (let i = 2; i <= n; i++) sum += Math.log2(i);
  return sum;
}
