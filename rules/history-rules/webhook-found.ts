import { describeSeq } from '../history/describe-entry.js';
import type { History } from '../history/history.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirements of the found-until-deleted rule. */
export const webhookFoundRequirements = ['WH-FOUND-UNTIL-DELETED'] as const;

const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

/**
 * A webhook stays until it is deleted (spec §4.2: the calls on a registered webhook's id): every answered call on the
 * id of a webhook the run created, with the key that created it, that began after the create and before any DELETE of
 * it began (answered 2xx, or not at all: it may have applied), is answered otherwise than 404. A 404 there means the
 * webhook vanished; the contradiction names the DELETEs of other webhooks that completed since it was last found (a
 * DELETE that removed another webhook than it named is the usual cause). A 404 of an operation that answered no call
 * of the run 2xx proves nothing of the webhook: a route the target does not serve answers 404 to every id (DESIGN.md §3
 * "No vacuous passes, and no blame by association"); that operation's own baseline reports it.
 */
export function webhookFound(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(webhookFoundRequirements);
  const { history } = model;
  let served: ReadonlySet<string> | undefined;
  const deletes = [...model.webhooks.byId.values()].flatMap((webhook) => webhook.deletions.map((deletion) => ({ ...deletion, id: webhook.id })));
  for (const webhook of model.webhooks.byId.values()) {
    const created = webhook.writes.find((write) => write.kind === 'create');
    if (created === undefined) continue;
    const owner = principalOf(history, created.seq);
    const gone = webhook.uses.filter((use) => use.operationId === 'deleteWebhook' && (use.status === undefined || ok(use.status)));
    let foundAt = created.finishedAt;
    for (const use of webhook.uses) {
      if (use.status === undefined || use.startedAt <= created.finishedAt || principalOf(history, use.seq) !== owner) continue;
      if (gone.some((deletion) => deletion.startedAt < use.finishedAt)) break;
      if (use.status === 404 && !(served ??= servedOperations(history)).has(use.operationId)) continue;
      out.judged('WH-FOUND-UNTIL-DELETED');
      if (use.status !== 404) {
        if (ok(use.status)) foundAt = Math.max(foundAt, use.finishedAt);
        continue;
      }
      const between = deletes.filter((deletion) => deletion.id !== webhook.id && deletion.finishedAt > foundAt && deletion.startedAt < use.finishedAt);
      const since =
        between.length === 0
          ? ''
          : `; since it was last found, ${between
              .slice(0, 2)
              .map((deletion) => describeSeq(history, deletion.seq))
              .join(' and ')} deleted another webhook`;
      out.contradiction(
        'WH-FOUND-UNTIL-DELETED',
        `${describeSeq(history, created.seq)} created webhook ${webhook.id} and no DELETE of it began before ${describeSeq(history, use.seq)}, which answered 404: the webhook vanished${since}`,
        [created.seq, ...between.slice(0, 2).map((deletion) => deletion.seq)].sort((a, b) => a - b),
        use.seq,
        // the 404 failed the check that sent it too: that failure is this one's consequence
        true,
      );
      break;
    }
  }
  return out.build();
}

/** The operations that answered some call of the history 2xx: their routes are served (worked out once, at the first 404). */
function servedOperations(history: History): ReadonlySet<string> {
  const served = new Set<string>();
  for (const call of history.calls) if (call.operationId !== undefined && ok(call.status)) served.add(call.operationId);
  return served;
}

function principalOf(history: History, seq: number): string | undefined {
  const entry = history.entry(seq);
  return entry?.kind === 'call' ? entry.principal : undefined;
}
