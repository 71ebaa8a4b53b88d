import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';
import { sameInstant } from '../model/timestamp-precision.js';

/** The requirement of the webhook views rule. */
export const webhookViewRequirements = ['WH-CREATED-AT-FIXED'] as const;

/**
 * spec §2.3 (DESIGN.md's reading: created_at is when the webhook was created): every list that shows a webhook shows
 * the created_at its create answered, as the same instant at the coarser precision of the two stamps. PUT answers are
 * WH-UPDATED-AT-CHANGES's (webhook-timestamps). One contradiction per webhook, at the first list that differs.
 */
export function webhookViews(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(webhookViewRequirements);
  const { history } = model;
  for (const webhook of model.webhooks.byId.values()) {
    const created = webhook.writes.find((write) => write.kind === 'create' && write.determinate && write.createdAt !== undefined);
    if (created?.createdAt === undefined) continue;
    for (const list of model.webhooks.lists) {
      const shown = list.items.get(webhook.id)?.created_at;
      if (typeof shown !== 'string' || list.startedAt < created.finishedAt) continue;
      out.judged('WH-CREATED-AT-FIXED');
      if (sameInstant(created.createdAt, shown)) continue;
      out.contradiction(
        'WH-CREATED-AT-FIXED',
        `${describeSeq(history, created.seq)} created webhook ${webhook.id} with created_at ${created.createdAt}; ${describeSeq(history, list.seq)} lists it with created_at ${shown.slice(0, 40)}`,
        [created.seq],
        list.seq,
      );
      break;
    }
  }
  return out.build();
}
