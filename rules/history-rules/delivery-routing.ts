import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import { retrySentAfter } from '../model/delivery-model.js';
import type { DeliveryFacts } from '../model/delivery-model.js';
import type { ServiceModel } from '../model/service-model.js';
import { writesInForce } from '../model/webhook-model.js';
import type { WebhookModel } from '../model/webhook-model.js';

/** The requirements of the delivery routing rule. */
export const deliveryRoutingRequirements = ['EVT-SUBSCRIBED-ONLY', 'WH-UPDATE-URL-APPLIES', 'WH-DELETE-STOPS-DELIVERIES'] as const;

/** Why one webhook at a delivery's path does not explain it, worst first (a delete, then a move, then the kinds). */
interface Miss {
  readonly requirement: (typeof deliveryRoutingRequirements)[number];
  readonly rank: number;
  readonly earlier: number;
  readonly text: string;
  /** Why the delivery came after `text`, when not because its message was created after (a retry). */
  readonly after?: string;
}

/**
 * Where message events go (spec §6, §4.2): a delivery at a receiver path is explained by a webhook whose url had that
 * path and that was subscribed to the event's kind in some write that may have been in force while the event
 * happened, and that was not deleted before it. When the event happened is bounded by causality: after the reported
 * message's send began, before the delivery arrived; any write in force in between may have applied (a PUT concurrent
 * with the event may go either way). Several webhooks may share a path: one that explains the delivery is enough. An
 * unexplained delivery breaks the requirement of the closest miss: a delete before the event
 * (WH-DELETE-STOPS-DELIVERIES), a PUT that moved the url away (WH-UPDATE-URL-APPLIES), a subscription without the
 * kind (EVT-SUBSCRIBED-ONLY). Test deliveries belong to no subscription (spec §6). A retry is sent after the receiver
 * answered the previous attempt, so one whose previous attempt was answered after a delete completed came after the
 * delete, whenever its event happened (a retry owed is no delivery in flight).
 */
export function deliveryRouting(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(deliveryRoutingRequirements);
  const { history } = model;
  for (const facts of model.deliveries) {
    const caused = facts.causedAfter;
    if (facts.event === undefined || facts.event === 'test.webhook.sent' || facts.messageId === undefined || caused === undefined) continue;
    const candidates = facts.webhooks.map((id) => model.webhooks.byId.get(id)).filter((w): w is WebhookModel => w !== undefined && w.writes.length > 0);
    if (candidates.length === 0) continue;
    const misses: Miss[] = [];
    let explained = false;
    for (const webhook of candidates) {
      const miss = missOf(model, webhook, facts, caused);
      if (miss === undefined) explained = true;
      else if (miss !== 'unknown') misses.push(miss);
      else explained = true;
    }
    if (candidates.some((w) => w.writes.some((write) => write.kind === 'update' && write.determinate && write.finishedAt < caused && write.path !== undefined)))
      out.judged('WH-UPDATE-URL-APPLIES');
    if (candidates.some((w) => !w.deletions.some((deletion) => deletion.finishedAt < caused))) out.judged('EVT-SUBSCRIBED-ONLY');
    if (explained || misses.length === 0) continue;
    const worst = misses.reduce((a, b) => (b.rank < a.rank ? b : a));
    out.contradiction(
      worst.requirement,
      `${worst.text}, but ${describeSeq(history, facts.entry.seq)} brought ${facts.event} ${worst.after ?? `of a message created after that (${describeSeq(history, facts.causeSeq ?? facts.entry.seq)})`}`,
      // the write, then the send whose message it reports (and the attempt a retry repeats): what a reproduction replays
      [
        ...new Set([
          worst.earlier,
          ...(facts.causeSeq === undefined ? [] : [facts.causeSeq]),
          ...(worst.after === undefined ? [] : [facts.previousAttempt?.seq ?? worst.earlier]),
        ]),
      ].sort((a, b) => a - b),
      facts.entry.seq,
    );
  }
  judgeDeletedSilence(model, out);
  return out.build();
}

/** Why the webhook does not explain the delivery; undefined when it does, 'unknown' when the history cannot tell. */
function missOf(model: ServiceModel, webhook: WebhookModel, facts: DeliveryFacts, caused: number): Miss | 'unknown' | undefined {
  const { history } = model;
  const event = facts.event as string;
  const path = facts.entry.path;
  const retried = retrySentAfter(facts);
  const deletion = webhook.deletions.find((candidate) => candidate.finishedAt < Math.max(caused, retried ?? -Infinity));
  if (deletion !== undefined) {
    const asRetry = deletion.finishedAt >= caused && facts.previousAttempt !== undefined;
    return {
      requirement: 'WH-DELETE-STOPS-DELIVERIES',
      rank: 0,
      earlier: deletion.seq,
      text: `${describeSeq(history, deletion.seq)} deleted webhook ${webhook.id}`,
      ...(asRetry ? { after: `as a retry of ${describeSeq(history, facts.previousAttempt.seq)}, which the receiver answered after the delete completed` } : {}),
    };
  }
  const inForce = writesInForce(webhook, caused, facts.entry.receivedAt);
  if (inForce.length === 0 || inForce.some((write) => write.events === undefined || write.path === undefined)) return 'unknown';
  const last = inForce.at(-1) as (typeof inForce)[number];
  const here = inForce.filter((write) => write.path === path);
  if (here.length === 0)
    return {
      requirement: 'WH-UPDATE-URL-APPLIES',
      rank: 1,
      earlier: last.seq,
      text: `${describeSeq(history, last.seq)} moved webhook ${webhook.id} to ${(last.url ?? '').slice(0, 160)}, away from the path ${path.slice(0, 80)}`,
    };
  if (here.some((write) => write.events?.includes(event))) return undefined;
  return {
    requirement: 'EVT-SUBSCRIBED-ONLY',
    rank: 2,
    earlier: last.seq,
    text: `${describeSeq(history, last.seq)} subscribed webhook ${webhook.id} to ${JSON.stringify(last.events)}`,
  };
}

/**
 * That no delivery reached a deleted webhook counts as evidence only for a message created after the delete whose
 * events reached some webhook (so they were sent to every subscriber), when the deleted one was subscribed to events,
 * and for an attempt at it that failed and was answered after the delete (a retry was owed to a webhook that is gone).
 */
function judgeDeletedSilence(model: ServiceModel, out: JudgementBuilder): void {
  const witnessed: number[] = [];
  const seen = new Set<string>();
  // failed attempts of message events, by webhook: one answered after its webhook's delete owed a retry that must not come
  const failed = new Map<string, number[]>();
  for (const facts of model.deliveries) {
    const status = facts.entry.answerStatus;
    if (facts.messageId !== undefined && facts.entry.answeredAt !== undefined && (status === null || status < 200 || status >= 300))
      for (const id of facts.webhooks) {
        const times = failed.get(id);
        if (times === undefined) failed.set(id, [facts.entry.answeredAt]);
        else times.push(facts.entry.answeredAt);
      }
    if (facts.messageId === undefined || facts.causedAfter === undefined || seen.has(facts.messageId)) continue;
    seen.add(facts.messageId);
    witnessed.push(facts.causedAfter);
  }
  // ascending, so the messages created after a delete are a tail found by bisection (one count per deleted webhook)
  witnessed.sort((a, b) => a - b);
  for (const webhook of model.webhooks.byId.values()) {
    const deletion = webhook.deletions[0];
    if (deletion === undefined || (webhook.writes.filter((write) => write.startedAt < deletion.startedAt).at(-1)?.events?.length ?? 0) === 0) continue;
    const owed = (failed.get(webhook.id) ?? []).filter((answeredAt) => answeredAt > deletion.finishedAt).length;
    out.judged('WH-DELETE-STOPS-DELIVERIES', witnessed.length - countAtMost(witnessed, deletion.finishedAt) + owed);
  }
}

/** How many of the ascending times are at most `at`. */
function countAtMost(ascending: readonly number[], at: number): number {
  let [low, high] = [0, ascending.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ascending[middle] as number) <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}
