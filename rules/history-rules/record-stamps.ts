import { describeSeq } from '../history/describe-entry.js';
import type { DeliveryEntry } from '../history/history.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';
import { precisionMs } from '../model/timestamp-precision.js';

/** The requirement of the delivered_at rule. */
export const recordStampRequirements = ['DLV-DELIVERED-AT-ATTEMPT'] as const;

/**
 * How far from the receiver's view of an attempt (arrival to answer) its delivered_at may be: the target's clock runs
 * at the harness's rate, but it may stamp before sending or after reading the answer, on a busy thread.
 */
export const stampSlackMs = 50;

/**
 * spec §2.4 (DESIGN.md's reading): a record's delivered_at is when its attempt was made. The clocks need not agree:
 * only the spread counts. Records of one webhook that share one delivered_at (to its precision) are attempts made at
 * one time, so the receiver must have seen that many of the webhook's attempts within one such instant, give or take
 * stampSlackMs each. Judged on listings whose answered records (an integer status_code) the receiver's attempts before
 * the listing can account for; a stamp fixed once (at the webhook's creation, at the first attempt) shows only here.
 * Each webhook's attempts are sorted once; each listing is a pass over its records.
 */
export function recordStamps(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(recordStampRequirements);
  const { history } = model;
  const attempts = new Map<string, DeliveryEntry[]>();
  for (const facts of model.deliveries) {
    if (facts.entry.answerStatus === null) continue;
    for (const id of facts.webhooks) {
      const list = attempts.get(id);
      if (list === undefined) attempts.set(id, [facts.entry]);
      else list.push(facts.entry);
    }
  }
  const contradicted = new Set<string>();
  for (const listing of model.recordListings) {
    if (contradicted.has(listing.webhookId)) continue;
    const seen = (attempts.get(listing.webhookId) ?? []).filter((entry) => entry.receivedAt < listing.finishedAt);
    const byStamp = new Map<string, { count: number; stamp: string; unit: number }>();
    let answered = 0;
    for (const record of listing.records) {
      const stamp = record.delivered_at;
      if (typeof stamp !== 'string' || !Number.isInteger(record.status_code) || Number.isNaN(Date.parse(stamp))) continue;
      answered += 1;
      const unit = precisionMs(stamp);
      const key = `${Math.floor(Date.parse(stamp) / unit)}/${unit}`;
      const group = byStamp.get(key);
      if (group === undefined) byStamp.set(key, { count: 1, stamp, unit });
      else group.count += 1;
    }
    // records the receiver cannot account for (attempts elsewhere, or before the run) say nothing of its attempts
    if (answered < 2 || answered > seen.length) continue;
    out.judged('DLV-DELIVERED-AT-ATTEMPT');
    for (const { count, stamp, unit } of byStamp.values()) {
      if (count < 2) continue;
      const most = mostAtOnce(seen, unit);
      if (count <= most) continue;
      contradicted.add(listing.webhookId);
      const [first, last] = [seen[0] as DeliveryEntry, seen.at(-1) as DeliveryEntry];
      out.contradiction(
        'DLV-DELIVERED-AT-ATTEMPT',
        `the receiver answered ${seen.length} attempts for webhook ${listing.webhookId} (${describeSeq(history, first.seq)} … ${describeSeq(history, last.seq)}), at most ${most} of them within ${unit} ms (± ${stampSlackMs} ms), but ${describeSeq(history, listing.seq)} lists ${count} records stamped delivered_at ${stamp.slice(0, 40)}: a stamp not taken at each attempt`,
        [first.seq, last.seq].filter((seq, at, all) => all.indexOf(seq) === at),
        listing.seq,
      );
      break;
    }
  }
  return out.build();
}

/** The most attempts one stamp of `unit` ms can be the time of: each attempt spans arrival to answer, ± stampSlackMs. */
function mostAtOnce(attempts: readonly DeliveryEntry[], unit: number): number {
  // an attempt [a, b] can carry a stamp in [T, T + unit) when a - slack < T + unit and b + slack >= T: the most
  // intervals [a - slack - unit, b + slack] over one point; a harness that lagged saw the arrival late by its lag
  // (decision 35: two stamps in one millisecond for attempts a lagging receiver saw apart are no contradiction)
  const edges: [number, number][] = [];
  for (const entry of attempts) {
    edges.push([entry.receivedAt - (entry.lagMs ?? 0) - stampSlackMs - unit, 1]);
    edges.push([(entry.answeredAt ?? entry.receivedAt) + stampSlackMs, -1]);
  }
  edges.sort((x, y) => x[0] - y[0] || y[1] - x[1]);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) {
    open += step;
    most = Math.max(most, open);
  }
  return most;
}
