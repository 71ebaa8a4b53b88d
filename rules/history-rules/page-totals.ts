import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { MessagePage } from '../model/message-model.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirement of the pagination totals rule. */
export const pageTotalRequirements = ['PAGE-TOTAL-CONSISTENT'] as const;

/**
 * DESIGN.md §4 pagination {page, limit, total, has_more}: under every filter the data holds
 * min(limit, total - (page-1)*limit) items (none past the end) and has_more says whether page*limit < total. A target
 * may count in another query than it reads the page with, so the count may differ by the messages that may have
 * joined or left the filter meanwhile: those created while the page was read, and under a status filter those still
 * moving through the lifecycle (created in the last 10 s and not seen final); has_more may then be either on a page
 * that ends within that many items of the end. With none moving, a page that ends exactly at the end says has_more
 * false (the "a full page means more" bug shows only there). An answer without those fields as numbers and a boolean
 * is left to PAGE-OBJECT-FIELDS.
 */
export function pageTotals(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(pageTotalRequirements);
  const { history } = model;
  let created: readonly Creation[] | undefined;
  for (const page of model.messages.pages) {
    const p = page.pagination;
    if (p === undefined || !isCount(p.total) || !isCount(p.page) || !isCount(p.limit) || typeof p.has_more !== 'boolean' || p.limit < 1) continue;
    out.judged('PAGE-TOTAL-CONSISTENT');
    const held = Math.max(0, Math.min(p.limit, p.total - (p.page - 1) * p.limit));
    const more = p.page * p.limit < p.total;
    // the page agrees exactly: no slack to count
    if (page.items.length === held && p.has_more === more) continue;
    created ??= creations(model);
    const slack = moving(created, page);
    if (Math.abs(page.items.length - held) <= slack && (p.has_more === more || (slack > 0 && Math.abs(p.page * p.limit - p.total) <= slack))) continue;
    const filter = [page.status && `status=${page.status}`, page.direction && `direction=${page.direction}`].filter(Boolean).join('&') || 'no filter';
    out.contradiction(
      'PAGE-TOTAL-CONSISTENT',
      `${describeSeq(history, page.seq)} (${filter}) answered ${page.items.length} items with page ${p.page}, limit ${p.limit}, total ${p.total}, has_more ${p.has_more}: those say ${held} items and has_more ${more}`,
      [],
      page.seq,
    );
  }
  return out.build();
}

const lifecycleWindowMs = 10_000;
const final = new Set(['delivered', 'failed']);

/** A message the run created: when its send ran, and when a view first finished showing it final (Infinity: never). */
interface Creation {
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly finalSeenAt: number;
}

// once per judgement, not once per page: each page counts over every message the run created
function creations(model: ServiceModel): Creation[] {
  const out: Creation[] = [];
  for (const message of model.messages.byId.values()) {
    const creation = message.creation;
    if (creation === undefined) continue;
    let finalSeenAt = Infinity;
    for (const sighting of message.sightings) if (final.has(sighting.status)) finalSeenAt = Math.min(finalSeenAt, sighting.finishedAt);
    out.push({ startedAt: creation.startedAt, finishedAt: creation.finishedAt, finalSeenAt });
  }
  return out;
}

/** How many messages may have joined or left the page's filter while it was read. */
function moving(created: readonly Creation[], page: MessagePage): number {
  let count = 0;
  for (const creation of created) {
    if (creation.startedAt < page.finishedAt && creation.finishedAt > page.startedAt) count += 1;
    else if (
      page.status !== undefined &&
      creation.startedAt > page.finishedAt - lifecycleWindowMs &&
      creation.startedAt < page.finishedAt &&
      // not seen final before the page began
      !(creation.finalSeenAt < page.startedAt)
    )
      count += 1;
  }
  return count;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
