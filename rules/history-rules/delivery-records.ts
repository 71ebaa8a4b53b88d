import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { DeliveryFacts } from '../model/delivery-model.js';
import type { RecordListing, ServiceModel } from '../model/service-model.js';

/** The requirements of the delivery records rule. */
export const deliveryRecordRequirements = ['DLV-EACH-ATTEMPT-RECORDED', 'DLV-ID-UNIQUE', 'DLV-STATUS-CODE', 'DLV-STATUS-CODE-NULL'] as const;

/** An attempt answered this long before a listing began must be in it (the sender records it when the answer arrives). */
export const recordingMarginMs = 100;

/**
 * spec §6 "Each attempt is recorded as a delivery record", §2.4: the latest listing of a webhook's deliveries that
 * holds all its records (page 1, fewer than the limit) has a record of every attempt the receiver answered before it
 * began, per event, each with its own id, with status_code the answer's status or null when the receiver closed the
 * connection. It may hold more records than the receiver saw: attempts that failed at the network layer before
 * reaching it, with status_code null. A missing record is one failure of DLV-EACH-ATTEMPT-RECORDED; status codes are
 * judged only when every attempt has its record. A full page 1 counts with the pages read after it (a sweep, see
 * `sweeps`), so a webhook that received more events than one page holds is judged too.
 */
export function deliveryRecords(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(deliveryRecordRequirements);
  const { history } = model;
  for (const page of model.recordListings) {
    const ids = page.records.map((record) => record.id);
    out.judged('DLV-ID-UNIQUE');
    if (new Set(ids).size !== ids.length)
      out.contradiction('DLV-ID-UNIQUE', `${describeSeq(history, page.seq)} lists ${ids.length} records under ${new Set(ids).size} ids`, [], page.seq);
  }
  const latest = new Map<string, RecordListing>();
  const attemptsOf = new Map<string, DeliveryFacts[]>();
  for (const listing of sweeps(model.recordListings)) {
    let attempts = attemptsOf.get(listing.webhookId);
    if (attempts === undefined) {
      attempts = model.deliveries.filter((facts) => facts.webhooks.includes(listing.webhookId) && facts.entry.answeredAt !== undefined);
      attemptsOf.set(listing.webhookId, attempts);
    }
    const known = latest.get(listing.webhookId);
    if (known === undefined || rank(listing, attempts) > rank(known, attempts)) latest.set(listing.webhookId, listing);
  }
  for (const [webhookId, listing] of latest) {
    const attempts = attemptsOf.get(webhookId) ?? [];
    const owed = attempts.filter((facts) => (facts.entry.answeredAt as number) < listing.startedAt - recordingMarginMs);
    if (owed.length === 0) continue;
    out.judged('DLV-EACH-ATTEMPT-RECORDED');
    const short = [...groupBy(owed, (facts) => facts.event ?? '')].filter(
      ([event, group]) => listing.records.filter((record) => record.event === event).length < group.length,
    );
    if (short.length > 0) {
      const [event, group] = short[0] as [string, DeliveryFacts[]];
      const held = listing.records.filter((record) => record.event === event).length;
      out.contradiction(
        'DLV-EACH-ATTEMPT-RECORDED',
        `the receiver answered ${group.length} attempts of ${event} for webhook ${webhookId} (${group.map((facts) => `#${facts.entry.seq}`).join(', ')}) before ${describeSeq(history, listing.seq)} began, which lists ${held} records of it`,
        group.slice(0, 5).map((facts) => facts.entry.seq),
        listing.seq,
      );
      continue;
    }
    // attempts answered too close to the listing to be owed a record, which it may hold all the same
    const recent = attempts.filter(
      (facts) => (facts.entry.answeredAt as number) >= listing.startedAt - recordingMarginMs && (facts.entry.answeredAt as number) <= listing.finishedAt,
    );
    for (const [event, group] of groupBy(owed, (facts) => facts.event ?? '')) {
      const listed = listing.records.filter((record) => record.event === event).map((record) => record.status_code);
      const codes = [...listed];
      const unmatched = group.filter((facts) => {
        const status = facts.entry.answerStatus;
        out.judged(status === null ? 'DLV-STATUS-CODE-NULL' : 'DLV-STATUS-CODE');
        const at = codes.indexOf(status);
        if (at >= 0) codes.splice(at, 1);
        return at < 0;
      });
      for (const facts of recent) {
        const at = facts.event === event ? codes.indexOf(facts.entry.answerStatus) : -1;
        if (at >= 0) codes.splice(at, 1);
      }
      for (const facts of unmatched) {
        const status = facts.entry.answerStatus;
        const answered = status === null ? 'closed without an answer (status_code null)' : `answered ${status}`;
        // every record left matches another attempt: this one's record is missing, not one with a wrong status_code
        const requirement = codes.length === 0 ? 'DLV-EACH-ATTEMPT-RECORDED' : status === null ? 'DLV-STATUS-CODE-NULL' : 'DLV-STATUS-CODE';
        const why =
          codes.length === 0
            ? `holds no record of it: each of its ${listed.length} records of ${event} matches another attempt the receiver answered`
            : `has no other record of ${event} that says so: their status_code values are ${JSON.stringify(listed).slice(0, 200)}`;
        out.contradiction(
          requirement,
          `${describeSeq(history, facts.entry.seq)} was ${answered}, but ${describeSeq(history, listing.seq)} ${why}`,
          [facts.entry.seq],
          listing.seq,
        );
      }
    }
  }
  return out.build();
}

/**
 * Which listing of a webhook to judge: the latest quiet one, else the latest. Quiet: no attempt was answered from the
 * recording margin before it began to its end, so every record it holds is of an owed attempt and a missing one
 * shows as a count short (DLV-EACH-ATTEMPT-RECORDED), not as a status code the records of newer attempts hide.
 */
function rank(listing: RecordListing, attempts: readonly DeliveryFacts[]): number {
  const from = listing.startedAt - recordingMarginMs;
  const quiet = !attempts.some((facts) => (facts.entry.answeredAt as number) >= from && (facts.entry.answeredAt as number) <= listing.finishedAt);
  return (quiet ? 1e15 : 0) + listing.startedAt;
}

/** Pages a sweep reads at most (the drive's bound too). */
export const sweepPages = 5;

/**
 * The listings that hold all of a webhook's records when they began: a page 1 with fewer records than its limit, or a
 * full page 1 with the pages 2, 3 … of the same webhook and limit read after it, up to one with fewer records, as one
 * listing (records by id, from page 1's start). Records arriving during a sweep push older ones to later pages (newest
 * first) or append after them (oldest first): either way a record that existed when page 1 began is on some page.
 */
function sweeps(listings: readonly RecordListing[]): RecordListing[] {
  const out: RecordListing[] = [];
  for (const first of listings) {
    if (first.page !== 1) continue;
    const pages = [first];
    let last = first;
    while (last.records.length >= last.limit && pages.length < sweepPages) {
      const previous = last;
      const next = listings.find(
        (l) => l.webhookId === first.webhookId && l.limit === first.limit && l.page === previous.page + 1 && l.startedAt >= previous.finishedAt,
      );
      if (next === undefined) break;
      pages.push(next);
      last = next;
    }
    if (last.records.length >= last.limit) continue;
    const byId = new Map(pages.flatMap((page) => page.records.map((record, i) => [record.id ?? `${page.seq}:${i}`, record] as const)));
    // the sweep's interval: from page 1's start to the last page's end
    out.push({ ...first, finishedAt: last.finishedAt, records: [...byId.values()] });
  }
  return out;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}
