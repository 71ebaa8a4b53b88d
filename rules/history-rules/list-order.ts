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
    const times = page.items.map((item) => Date.parse(String(item.created_at)));
    if (times.length < 2 || times.some(Number.isNaN) || new Set(times).size < 2) continue;
    out.judged('MSG-LIST-ORDER');
    if (times.every((time, i) => i === 0 || time <= (times[i - 1] as number))) counts['newest first'] += 1;
    else if (times.every((time, i) => i === 0 || time >= (times[i - 1] as number))) counts['oldest first'] += 1;
    else unordered ??= page.seq;
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
