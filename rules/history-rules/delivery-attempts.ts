import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { DeliveryFacts } from '../model/delivery-model.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirements of the attempts rule. */
export const deliveryAttemptRequirements = [
  'SIG-DELIVERY-ID-STABLE',
  'SIG-DELIVERY-ID-DISTINCT',
  'EVT-RECEIVER-200',
  'EVT-2XX-SUCCESS',
  'EVT-ONCE-PER-TRANSITION',
] as const;

/**
 * The attempts of one event at one webhook (spec §6, DESIGN.md §4): grouped by the receiver path, the event, the
 * message reported and the status it reports (one transition), in arrival order. After an attempt the receiver
 * answered with a 2xx, nothing more comes: the same delivery id again is a retry of a success (EVT-RECEIVER-200 for
 * a 200, EVT-2XX-SUCCESS for another 2xx), another id a second delivery of the one transition (a duplicate is not a
 * retry: EVT-ONCE-PER-TRANSITION). After a failed attempt (non-2xx, or closed) the retry keeps the delivery id
 * (SIG-DELIVERY-ID-STABLE). Test sends are single attempts of their own and are not grouped.
 */
export function deliveryAttempts(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(deliveryAttemptRequirements);
  const { history } = model;
  const groups = new Map<string, DeliveryFacts[]>();
  for (const facts of model.deliveries) {
    if (facts.event === undefined || facts.event === 'test.webhook.sent' || facts.messageId === undefined) continue;
    // status updates of one message differ only by the status they carry (its payload is not shown: spec §6)
    if (facts.event === 'message.status.updated' && facts.dataStatus === undefined) continue;
    const key = [facts.entry.path, facts.event, facts.messageId, facts.dataStatus ?? ''].join('\u0000');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [facts]);
    else group.push(facts);
  }
  distinctIds(model, groups, out);
  for (const attempts of groups.values()) {
    out.judged('EVT-ONCE-PER-TRANSITION');
    for (const [index, current] of attempts.entries()) {
      const status = current.entry.answerStatus;
      if (status === 200) out.judged('EVT-RECEIVER-200');
      else if (status !== null && status >= 200 && status < 300) out.judged('EVT-2XX-SUCCESS');
      const previous = attempts[index - 1];
      if (previous === undefined) continue;
      const before = previous.entry.answerStatus;
      const sameId = previous.deliveryId !== undefined && previous.deliveryId === current.deliveryId;
      const otherId = previous.deliveryId !== undefined && current.deliveryId !== undefined && previous.deliveryId !== current.deliveryId;
      const pair = (): string => `${describeSeq(history, previous.entry.seq)}, then ${describeSeq(history, current.entry.seq)}`;
      if (before !== null && before >= 200 && before < 300) {
        if (otherId || (!sameId && !previous.entry.raw.equals(current.entry.raw))) {
          out.contradiction(
            'EVT-ONCE-PER-TRANSITION',
            `${facts(current)} arrived twice as two deliveries: ${pair()}`,
            causes(previous, current),
            current.entry.seq,
          );
        } else {
          const requirement = before === 200 ? 'EVT-RECEIVER-200' : 'EVT-2XX-SUCCESS';
          out.contradiction(
            requirement,
            `${facts(current)} was sent again after the receiver answered ${before}: ${pair()}`,
            causes(previous, current),
            current.entry.seq,
          );
        }
        continue;
      }
      if (previous.deliveryId === undefined || current.deliveryId === undefined) continue;
      out.judged('SIG-DELIVERY-ID-STABLE');
      if (otherId)
        out.contradiction(
          'SIG-DELIVERY-ID-STABLE',
          `${facts(current)} failed (${before === null ? 'closed without an answer' : `answered ${before}`}) and its retry carries another delivery id: ${pair()}`,
          causes(previous, current),
          current.entry.seq,
        );
    }
  }
  return out.build();
}

/**
 * DESIGN.md §4: a delivery id names one delivery, so at one webhook (one receiver path) it never comes back with
 * another event, message or status: a receiver that drops repeated ids (as the spec's retries invite) would lose
 * that event (SIG-DELIVERY-ID-DISTINCT). Across webhooks one id may name the same event (a message id, as Standard
 * Webhooks has it), so only deliveries to one path are compared.
 */
function distinctIds(model: ServiceModel, groups: ReadonlyMap<string, readonly DeliveryFacts[]>, out: JudgementBuilder): void {
  const seen = new Map<string, { key: string; facts: DeliveryFacts }>();
  // the evidence: a path that got deliveries of two or more events with ids, whose ids had to differ (a retry's
  // repeated id shows nothing of distinctness)
  const eventsAt = new Map<string, Set<string>>();
  for (const [key, attempts] of groups) {
    for (const current of attempts) {
      if (current.deliveryId === undefined) continue;
      const keys = eventsAt.get(current.entry.path) ?? new Set<string>();
      eventsAt.set(current.entry.path, keys.add(key));
      const at = `${current.entry.path}\u0000${current.deliveryId}`;
      const first = seen.get(at);
      if (first === undefined) {
        seen.set(at, { key, facts: current });
        continue;
      }
      if (first.key === key) continue;
      out.contradiction(
        'SIG-DELIVERY-ID-DISTINCT',
        `${facts(first.facts)} and ${facts(current)} carry one delivery id ${JSON.stringify(current.deliveryId.slice(0, 80))}: ${describeSeq(model.history, first.facts.entry.seq)}, then ${describeSeq(model.history, current.entry.seq)}`,
        causes(first.facts, current),
        current.entry.seq,
      );
    }
  }
  for (const keys of eventsAt.values()) for (let other = 1; other < keys.size; other++) out.judged('SIG-DELIVERY-ID-DISTINCT');
}

/** The send that made the message (so a reproduction starts with a call), then the earlier attempt. */
function causes(previous: DeliveryFacts, current: DeliveryFacts): number[] {
  return [...(current.causeSeq === undefined ? [] : [current.causeSeq]), previous.entry.seq];
}

function facts(delivery: DeliveryFacts): string {
  return `${delivery.event ?? 'the event'} of message ${delivery.messageId ?? ''}${delivery.dataStatus === undefined ? '' : ` (status ${delivery.dataStatus})`} at ${delivery.entry.path.slice(0, 80)}`;
}
