import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';
import { sameInstant } from '../model/timestamp-precision.js';
import type { WebhookList, WebhookModel } from '../model/webhook-model.js';

/** The requirement of the listed updated_at rule. */
export const webhookListStampRequirements = ['WH-UPDATED-AT-LISTED'] as const;

/** A write of a webhook that answered (or may have answered) an updated_at: create, PUT, rotate-secret. */
interface Stamped {
  readonly seq: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly determinate: boolean;
  readonly updatedAt?: string;
}

/**
 * spec §2.3 (DESIGN.md's reading): GET /v1/webhooks shows a webhook's updated_at as its latest write answered it (create,
 * PUT, or rotate-secret, whether or not a rotation stamps it), the same instant at the coarser precision of the two. A
 * write concurrent with the list may show either way; a write without an answer, or an answer without updated_at, leaves
 * the webhook unjudged from then on. One contradiction per webhook, at the first list that differs. Each listed item is
 * looked at once, against its own webhook's writes (a few), never against the whole history.
 */
export function webhookListStamps(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(webhookListStampRequirements);
  const { history } = model;
  const writes = new Map<string, readonly Stamped[]>();
  const contradicted = new Set<string>();
  for (const list of model.webhooks.lists) {
    for (const [id, item] of list.items) {
      const shown = item.updated_at;
      const webhook = model.webhooks.byId.get(id);
      if (typeof shown !== 'string' || webhook === undefined || contradicted.has(id)) continue;
      let stamped = writes.get(id);
      if (stamped === undefined) writes.set(id, (stamped = stampedWrites(webhook)));
      const settled = inForce(stamped, list);
      if (settled === undefined) continue;
      out.judged('WH-UPDATED-AT-LISTED');
      if (settled.some((write) => sameInstant(write.updatedAt as string, shown))) continue;
      contradicted.add(id);
      const last = settled.find((write) => write.finishedAt < list.startedAt) as Stamped;
      out.contradiction(
        'WH-UPDATED-AT-LISTED',
        `${describeSeq(history, last.seq)} answered webhook ${id} with updated_at ${last.updatedAt}; ${describeSeq(history, list.seq)}, started after it, lists updated_at ${shown.slice(0, 40)}`,
        [last.seq],
        list.seq,
      );
    }
  }
  return out.build();
}

/** The create, PUTs and rotations of a webhook in start order (a create is what makes it the run's). */
function stampedWrites(webhook: WebhookModel): readonly Stamped[] {
  if (!webhook.writes.some((write) => write.kind === 'create')) return [];
  const rotations = webhook.secrets.filter((issue) => issue.kind === 'rotate');
  return [...webhook.writes, ...rotations].sort((a, b) => a.startedAt - b.startedAt);
}

/**
 * The writes whose stamp the list may show, latest end first: those begun before the list ended and not certainly
 * replaced by a later write that took effect before it began. Undefined when none of them had taken effect before the
 * list began, or when one has no known updated_at (no answer, or an answer without it).
 */
function inForce(writes: readonly Stamped[], list: WebhookList): Stamped[] | undefined {
  const begun = writes.filter((write) => write.startedAt < list.finishedAt);
  const replaced = (write: Stamped): boolean =>
    begun.some((later) => later !== write && later.determinate && write.finishedAt < later.startedAt && later.finishedAt < list.startedAt);
  const open = begun.filter((write) => !replaced(write));
  if (!open.some((write) => write.determinate && write.finishedAt < list.startedAt)) return undefined;
  if (open.some((write) => !write.determinate || write.updatedAt === undefined)) return undefined;
  return open.sort((a, b) => b.finishedAt - a.finishedAt);
}
