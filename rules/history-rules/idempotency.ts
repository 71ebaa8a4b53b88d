import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { KeyedSend, ServiceModel } from '../model/service-model.js';

/** The requirements of the idempotency rule. */
export const idempotencyRequirements = ['IDEM-REPLAY', 'IDEM-BODY-MISMATCH-422', 'IDEM-SCOPED-PER-KEY', 'IDEM-RETENTION'] as const;

/** Keys are kept 24 h (DESIGN.md §4 idempotency): an older first answer no longer binds the key. */
const retentionMs = 24 * 60 * 60 * 1000;

/**
 * Idempotency-Keys over the history (spec §4.1, DESIGN.md §4): a key is scoped per API key. Within one scope, a send
 * that starts after the key's first 2xx answer finished, with the same operation and body, gets that answer again
 * (IDEM-REPLAY); with another body, a 422 (IDEM-BODY-MISMATCH-422). The same key and body under another API key is
 * not a replay: it makes its own message (IDEM-SCOPED-PER-KEY). A send that overlaps the first is in flight (409
 * territory), not judged here. How long replays were seen to last is recorded (IDEM-RETENTION, observe).
 */
export function idempotency(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(idempotencyRequirements);
  const { history } = model;
  const firsts = new Map<string, KeyedSend>();
  const byKey = new Map<string, KeyedSend[]>();
  let longest = 0;
  for (const send of model.keyedSends) {
    const scope = `${send.principal}\u0000${send.key}`;
    const first = firsts.get(scope);
    const ok = send.status !== undefined && send.status >= 200 && send.status < 300;
    for (const other of byKey.get(send.key) ?? []) {
      if (other.principal === send.principal || other.request !== send.request || !before(other, send) || !isOk(other)) continue;
      // answers that name no message cannot show whose message was made (DESIGN.md §3 "Evidence or nothing")
      if (firsts.get(`${other.principal}\u0000${other.key}`) !== other || !ok || send.messageId === undefined) continue;
      out.judged('IDEM-SCOPED-PER-KEY');
      if (send.messageId !== undefined && send.messageId === other.messageId)
        out.contradiction(
          'IDEM-SCOPED-PER-KEY',
          `${describeSeq(history, other.seq)} created message ${other.messageId} under one API key; ${describeSeq(history, send.seq)}, with the same Idempotency-Key and body under another API key, got that message replayed instead of its own`,
          [other.seq],
          send.seq,
        );
    }
    const sameKey = byKey.get(send.key);
    if (sameKey === undefined) byKey.set(send.key, [send]);
    else sameKey.push(send);
    if (first === undefined || first.finishedAt + retentionMs < send.startedAt) {
      // a first answer that names no message made nothing a replay could repeat: nothing to judge after it
      if (ok && send.messageId !== undefined) firsts.set(scope, send);
      continue;
    }
    if (!before(first, send) || send.status === undefined) continue;
    if (first.request === send.request) {
      out.judged('IDEM-REPLAY');
      out.judged('IDEM-RETENTION');
      if (send.answer === first.answer) {
        longest = Math.max(longest, send.startedAt - first.finishedAt);
        continue;
      }
      const why =
        send.messageId !== first.messageId
          ? `answered message ${send.messageId ?? '(none)'} where the first answer had ${first.messageId ?? '(none)'}: a second message may have been made`
          : 'answered another body than the first answer';
      out.contradiction(
        'IDEM-REPLAY',
        `${describeSeq(history, first.seq)} was the first send with its Idempotency-Key; ${describeSeq(history, send.seq)}, the same request after it, ${why}`,
        [first.seq],
        send.seq,
      );
      continue;
    }
    out.judged('IDEM-BODY-MISMATCH-422');
    if (send.status !== 422 && send.status < 500)
      out.contradiction(
        'IDEM-BODY-MISMATCH-422',
        `${describeSeq(history, first.seq)} was the first send with its Idempotency-Key; ${describeSeq(history, send.seq)} reused the key with another body and got ${send.status}; DESIGN.md §4 decides 422 and nothing made`,
        [first.seq],
        send.seq,
      );
  }
  if (longest > 0)
    out.note(`Idempotency-Keys were seen replaying up to ${(longest / 1000).toFixed(1)} s after the first answer (DESIGN.md §4 keeps them 24 h)`);
  return out.build();
}

function before(a: KeyedSend, b: KeyedSend): boolean {
  return a.finishedAt < b.startedAt;
}

function isOk(send: KeyedSend): boolean {
  return send.status !== undefined && send.status >= 200 && send.status < 300;
}
