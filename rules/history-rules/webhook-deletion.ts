import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirements of the delete rule. */
export const webhookDeletionRequirements = ['WH-DELETE-REMOVES', 'WH-UNKNOWN-4XX', 'WH-UNKNOWN-404'] as const;

/**
 * What a completed DELETE leaves (spec §4.2, DESIGN.md §4): every list that starts after it leaves the webhook out,
 * and every call on its id answers 404 (a 4xx at least). Deliveries after a delete are delivery-routing.ts's.
 */
export function webhookDeletion(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(webhookDeletionRequirements);
  const { history } = model;
  for (const webhook of model.webhooks.byId.values()) {
    const deletion = webhook.deletions[0];
    if (deletion === undefined) continue;
    // the descriptions are made only for a contradiction
    const gone = (): string => describeSeq(history, deletion.seq);
    for (const list of model.webhooks.lists) {
      if (list.startedAt <= deletion.finishedAt) continue;
      out.judged('WH-DELETE-REMOVES');
      if (list.items.has(webhook.id))
        out.contradiction(
          'WH-DELETE-REMOVES',
          `${gone()} deleted webhook ${webhook.id}, but ${describeSeq(history, list.seq)}, started after, still lists it`,
          [deletion.seq],
          list.seq,
        );
    }
    for (const use of webhook.uses) {
      if (use.startedAt <= deletion.finishedAt || use.status === undefined) continue;
      const said = (): string => `${gone()} deleted webhook ${webhook.id}, but ${describeSeq(history, use.seq)}, started after, answered ${use.status}`;
      out.judged('WH-UNKNOWN-4XX');
      if (use.status < 400 || use.status >= 500) {
        out.contradiction('WH-UNKNOWN-4XX', `${said()}; a deleted webhook is unknown: a 4xx`, [deletion.seq], use.seq);
        continue;
      }
      out.judged('WH-UNKNOWN-404');
      if (use.status !== 404) out.contradiction('WH-UNKNOWN-404', `${said()}; DESIGN.md §4 decides 404 for an unknown id`, [deletion.seq], use.seq);
    }
  }
  return out.build();
}
