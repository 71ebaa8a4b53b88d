import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import { stringField } from '../model/json-fields.js';
import type { MessagePage } from '../model/message-model.js';
import { createdAtOrderProofBits, listOf, listOrders } from '../model/list-orders.js';
import type { ListOrderEvidence } from '../model/list-orders.js';
import { pageWalks } from '../model/page-walks.js';
import type { PageWalk } from '../model/page-walks.js';
import type { ServiceModel } from '../model/service-model.js';
import { precisionMs } from '../model/timestamp-precision.js';

/** The requirements of the list filter rule. */
export const messageFilterRequirements = ['MSG-LIST-FILTER-STATUS', 'MSG-LIST-FILTER-DIRECTION'] as const;

const filters = [
  ['status', 'MSG-LIST-FILTER-STATUS'],
  ['direction', 'MSG-LIST-FILTER-DIRECTION'],
] as const;

/** Statuses a message never leaves (DESIGN.md §4 lifecycle): a walk of them can skip nothing that was already there. */
const final = new Set(['delivered', 'failed']);

/**
 * spec §4.1 filters: every item of a filtered page has the value asked for, and a walk of the filtered pages shows
 * every message of the run that had the value throughout the walk: its direction (fixed at creation: a send makes an
 * outbound message) or a final status seen (by a GET, a list, an event) before the walk began. Membership only grows
 * then, and a page walk under inserts can repeat items but not skip them, whatever the order. A walk that says it
 * ended owes every such message, whatever the order. One cut short owes those whose created_at lies within the range
 * it covered, only when its list is shown to come in created_at order: every page of that list (these filters) in one
 * created_at order, pages enough that chance cannot explain it (list-orders.ts; a list in id order fits created_at
 * order on a page of two by chance). Messages are expected only in the lists of the API key that sent them.
 */
export function messageFilters(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(messageFilterRequirements);
  const { history } = model;
  for (const page of model.messages.pages) {
    for (const [field, requirement] of filters) {
      const wanted = page[field];
      if (wanted === undefined || page.items.length === 0) continue;
      out.judged(requirement);
      const stray = page.items.find((item) => item[field] !== wanted);
      if (stray !== undefined)
        out.contradiction(
          requirement,
          `${describeSeq(history, page.seq)} asked for ${field}=${wanted} and answered message ${String(stray.id)} with ${field} ${JSON.stringify(stray[field] ?? null).slice(0, 40)}`,
          [],
          page.seq,
        );
    }
  }
  const orders = listOrders(model.messages.pages);
  for (const walk of pageWalks(model.messages.pages)) {
    const first = walk.pages[0] as MessagePage;
    // a walk of one filter: a message owed to both of two filters at once would need both values known throughout
    if (first.status !== undefined && first.direction !== undefined) continue;
    for (const [field, requirement] of filters) {
      const wanted = first[field];
      if (wanted === undefined || (field === 'status' && !final.has(wanted))) continue;
      const members = expected(model, walk, field, wanted, orders.get(listOf(first)));
      const shown = new Set(walk.pages.flatMap((page) => page.items.map((item) => stringField(item, 'id'))));
      const last = walk.pages.at(-1) as MessagePage;
      for (const member of members) {
        out.judged(requirement);
        if (shown.has(member.id)) continue;
        out.contradiction(
          requirement,
          `${describeSeq(history, member.seq)} showed message ${member.id} with ${field} ${wanted} before the walk of ${field}=${wanted} began, but its pages (${walk.pages.map((page) => `#${page.seq}`).join(', ')}${walk.complete ? ', the last saying no page follows' : ''}) never list it`,
          [member.seq],
          last.seq,
        );
      }
    }
  }
  return out.build();
}

/** The messages the walk owes: with the value throughout it, sent under its API key, within the range it covered. */
function expected(
  model: ServiceModel,
  walk: PageWalk,
  field: 'status' | 'direction',
  wanted: string,
  order: ListOrderEvidence | undefined,
): { id: string; seq: number }[] {
  const first = walk.pages[0] as MessagePage;
  const range = walk.complete ? undefined : coveredRange(walk, order);
  if (!walk.complete && range === undefined) return [];
  const out: { id: string; seq: number }[] = [];
  for (const message of model.messages.byId.values()) {
    const creation = message.creation;
    if (creation === undefined || creation.principal !== first.principal || creation.finishedAt >= first.startedAt) continue;
    let evidence: number | undefined;
    if (field === 'direction') evidence = wanted === 'outbound' ? creation.seq : undefined;
    else evidence = message.sightings.find((sighting) => sighting.status === wanted && sighting.finishedAt < first.startedAt)?.seq;
    if (evidence === undefined) continue;
    if (range !== undefined) {
      if (message.createdAt === undefined) continue;
      // as the list shows it: a list with whole seconds shows 12:00:05.412 as 12:00:05
      const at = Math.floor(message.createdAt / range.unit) * range.unit;
      if (at < range.low || at > range.high) continue;
    }
    out.push({ id: message.id, seq: evidence });
  }
  return out;
}

/**
 * The created_at range a walk cut short covered, when its list is shown to come in created_at order (either way) and
 * the walk's items do too, at the precision its stamps have (`unit` ms: 1000 when the list shows whole seconds).
 */
function coveredRange(walk: PageWalk, order: ListOrderEvidence | undefined): { low: number; high: number; unit: number } | undefined {
  if (order === undefined || order.createdAtBits < createdAtOrderProofBits) return undefined;
  const stamps = walk.pages.flatMap((page) => page.items.map((item) => String(item.created_at)));
  const times = stamps.map((stamp) => Date.parse(stamp));
  if (times.length < 2 || times.some(Number.isNaN)) return undefined;
  const descending = order.orders.has('newest first') && times.every((time, i) => i === 0 || time <= (times[i - 1] as number));
  const ascending = order.orders.has('oldest first') && times.every((time, i) => i === 0 || time >= (times[i - 1] as number));
  if (descending === ascending) return undefined;
  const unit = Math.max(...stamps.map(precisionMs));
  // the ends are open: an item with the same created_at as the last one read may sit on the next page
  const [a, b] = [times[0] as number, times.at(-1) as number];
  return descending ? { low: b + unit, high: a, unit } : { low: a, high: b - unit, unit };
}
