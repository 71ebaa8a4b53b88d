import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import { listOrders, pageOrders } from '../model/list-orders.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirement of the list order rule. */
export const listOrderRequirements = ['MSG-LIST-ORDER'] as const;

/**
 * spec §4.1 does not state the order of GET /v1/messages (observe): records, over every page of two or more items,
 * which order each list (one set of filters) came in: by created_at or by id, either way. A page in none of them, or
 * a list whose pages fit no one order, is a contradiction to show (never failing). Lists of other filters may use
 * another order (another index).
 */
export function listOrder(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(listOrderRequirements);
  const pages = model.messages.pages;
  for (const page of pages) if (pageOrders(page.items) !== undefined) out.judged('MSG-LIST-ORDER');
  const evidence = [...listOrders(pages).values()];
  out.note(`GET /v1/messages lists in ${evidence.map((e) => `${e.list}: ${[...e.orders].join(' or ') || 'no one order'}`).join('; ') || 'no order shown'}`);
  const unordered = pages.find((page) => pageOrders(page.items)?.orders.size === 0);
  if (unordered !== undefined) {
    out.contradiction('MSG-LIST-ORDER', `#${unordered.seq} lists messages in no order (neither by created_at nor by id, either way)`, [], unordered.seq);
    return out.build();
  }
  for (const list of evidence.filter((e) => e.orders.size === 0)) {
    const [first, last] = [list.seqs[0] as number, list.seqs.at(-1) as number];
    out.contradiction('MSG-LIST-ORDER', `the pages of the ${list.list} list (#${first} to #${last}) fit no one order: each fits its own`, [first], last);
  }
  return out.build();
}
