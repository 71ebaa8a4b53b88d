import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirement of the record order rule. */
export const deliveryOrderRequirements = ['DLV-ORDER'] as const;

/** DESIGN.md §4: delivery records are listed newest first (delivered_at never increases down a page). */
export function deliveryOrder(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(deliveryOrderRequirements);
  const { history } = model;
  for (const listing of model.recordListings) {
    const times = listing.records.map((record) => Date.parse(String(record.delivered_at)));
    if (times.length < 2 || times.some(Number.isNaN) || new Set(times).size < 2) continue;
    out.judged('DLV-ORDER');
    const at = times.findIndex((time, i) => i > 0 && time > (times[i - 1] as number));
    if (at > 0)
      out.contradiction(
        'DLV-ORDER',
        `${describeSeq(history, listing.seq)} lists record ${at + 1} (delivered_at ${String(listing.records[at]?.delivered_at)}) after record ${at} (delivered_at ${String(listing.records[at - 1]?.delivered_at)}): newest first puts the later one first`,
        [],
        listing.seq,
      );
  }
  return out.build();
}
