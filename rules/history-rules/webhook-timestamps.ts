import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';
import { precisionMs } from '../model/timestamp-precision.js';
import type { WebhookWrite } from '../model/webhook-model.js';

/** The requirement of the updated_at rule. */
export const webhookTimestampRequirements = ['WH-UPDATED-AT-CHANGES'] as const;

/**
 * spec §2.3 updated_at: a PUT answers an updated_at later than the one the webhook had (the previous write's answer,
 * which finished before the PUT began) and keeps created_at. Equal stamps are a contradiction only when more time
 * passed between the two writes than the stamps' precision shows (a second-precision clock cannot tell 5 ms apart).
 */
export function webhookTimestamps(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(webhookTimestampRequirements);
  const { history } = model;
  for (const webhook of model.webhooks.byId.values()) {
    const created = webhook.writes.find((write) => write.kind === 'create');
    for (const write of webhook.writes) {
      if (write.kind !== 'update' || !write.determinate || write.updatedAt === undefined) continue;
      const previous = previousWrite(webhook.writes, write);
      const now = Date.parse(write.updatedAt);
      if (previous?.updatedAt !== undefined && !Number.isNaN(now)) {
        const then = Date.parse(previous.updatedAt);
        const unit = precisionMs(write.updatedAt);
        if (Number.isNaN(then)) continue;
        if (now < then)
          out.contradiction(
            'WH-UPDATED-AT-CHANGES',
            `${describeSeq(history, previous.seq)} answered updated_at ${previous.updatedAt}; the later ${describeSeq(history, write.seq)} answered ${write.updatedAt}, which goes back`,
            [previous.seq],
            write.seq,
          );
        else if (now === then && write.startedAt - previous.finishedAt > unit)
          out.contradiction(
            'WH-UPDATED-AT-CHANGES',
            `${describeSeq(history, previous.seq)} answered updated_at ${previous.updatedAt}; ${describeSeq(history, write.seq)}, ${write.startedAt - previous.finishedAt} ms later, answered the same: the PUT did not advance it`,
            [previous.seq],
            write.seq,
          );
        if (now > then || write.startedAt - previous.finishedAt > unit) out.judged('WH-UPDATED-AT-CHANGES');
      }
      if (created?.createdAt !== undefined && write.createdAt !== undefined && Date.parse(created.createdAt) !== Date.parse(write.createdAt)) {
        out.contradiction(
          'WH-UPDATED-AT-CHANGES',
          `${describeSeq(history, created.seq)} answered created_at ${created.createdAt}; ${describeSeq(history, write.seq)} answered created_at ${write.createdAt}: a PUT keeps created_at`,
          [created.seq],
          write.seq,
        );
      }
    }
  }
  return out.build();
}

/** The write that was in force when `write` began: the latest determinate one that finished before it started. */
function previousWrite(writes: readonly WebhookWrite[], write: WebhookWrite): WebhookWrite | undefined {
  const earlier = writes.filter((other) => other !== write && other.determinate && other.finishedAt < write.startedAt);
  // a concurrent earlier write leaves the order open: judge only when one write is certainly the last before
  const last = earlier.at(-1);
  if (last === undefined || earlier.some((other) => other !== last && other.finishedAt >= last.startedAt)) return undefined;
  return writes.some((other) => other !== write && other !== last && other.startedAt < write.startedAt && other.finishedAt >= write.startedAt)
    ? undefined
    : last;
}
