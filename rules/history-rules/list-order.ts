import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirement of the list order rule. */
export const listOrderRequirements = ['MSG-LIST-ORDER'] as const;

/**
 * spec §4.1 does not state the order of GET /v1/messages (observe): records, over every page with two or more
 * distinct created_at, whether it came newest first or oldest first. Pages in neither order, or a target that uses
 * both, are a contradiction to show (never failing).
 */
export function listOrder(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(listOrderRequirements);
  const counts = { 'newest first': 0, 'oldest first': 0 };
  let unordered: number | undefined;
  for (const page of model.messages.pages) {
    const order = orderOf(page.items);
    if (order === undefined) continue;
    out.judged('MSG-LIST-ORDER');
    if (order === 'neither') unordered ??= page.seq;
    else counts[order] += 1;
  }
  out.note(`GET /v1/messages pages in created_at order: ${counts['newest first']} newest first, ${counts['oldest first']} oldest first`);
  if (unordered !== undefined)
    out.contradiction('MSG-LIST-ORDER', `#${unordered} lists messages in no created_at order (neither newest nor oldest first)`, [], unordered);
  else if (counts['newest first'] > 0 && counts['oldest first'] > 0) {
    const first = model.messages.pages.find((page) => page.items.length > 1)?.seq ?? 0;
    out.contradiction('MSG-LIST-ORDER', 'some pages came newest first and others oldest first', [], first);
  }
  return out.build();
}

type PageOrder = 'newest first' | 'oldest first' | 'neither' | undefined;

/** A page's order, once per page (the same items each judgement: rules/model/message-model.ts); undefined: no order to see. */
const orders = new WeakMap<readonly unknown[], PageOrder>();

function orderOf(items: readonly Readonly<Record<string, unknown>>[]): PageOrder {
  if (orders.has(items)) return orders.get(items);
  const times = items.map((item) => Date.parse(String(item.created_at)));
  let order: PageOrder;
  if (times.length < 2 || times.some(Number.isNaN) || new Set(times).size < 2) order = undefined;
  else if (times.every((time, i) => i === 0 || time <= (times[i - 1] as number))) order = 'newest first';
  else if (times.every((time, i) => i === 0 || time >= (times[i - 1] as number))) order = 'oldest first';
  else order = 'neither';
  orders.set(items, order);
  return order;
}
