import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import { retrySentAfter } from '../model/delivery-model.js';
import type { DeliveryFacts } from '../model/delivery-model.js';
import type { ServiceModel } from '../model/service-model.js';
import type { SecretIssue, WebhookModel } from '../model/webhook-model.js';
import { createHmac } from 'node:crypto';
import { anyConstruction } from '../signature-constructions.js';

/** The requirements of the secret-in-force rule. */
export const deliverySecretRequirements = ['SIG-CURRENT-SECRET', 'WH-ROTATE-INVALIDATES-OLD', 'WH-UPDATE-KEEPS-SECRET', 'SIG-RETRY-RESIGNED'] as const;

/**
 * Which secret signs a delivery (spec §4.2, §5.3): every delivery whose event happened after a rotation completed
 * verifies with a secret that may be in force then, and not with one that rotation replaced; in-flight deliveries
 * (whose event came before the rotation completed) may carry the old one (spec §4.2). When the event happened is
 * bounded from causality: the reported message was created after its send began, a test delivery comes during its
 * call, and a retry is sent after the receiver answered the previous attempt (so a retry after a rotation is signed
 * anew: SIG-RETRY-RESIGNED). A delivery after a PUT that verifies with no secret in force shows the PUT changed the
 * secret (WH-UPDATE-KEEPS-SECRET). Any common HMAC-SHA256 construction counts (signature-constructions.ts).
 */
export function deliverySecrets(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(deliverySecretRequirements);
  for (const facts of model.deliveries) {
    for (const id of facts.webhooks) {
      const webhook = model.webhooks.byId.get(id);
      if (webhook !== undefined) judge(model, out, facts, webhook);
    }
  }
  return out.build();
}

function judge(model: ServiceModel, out: JudgementBuilder, facts: DeliveryFacts, webhook: WebhookModel): void {
  const { history } = model;
  const retryBound = retrySentAfter(facts);
  const bound = Math.max(facts.causedAfter ?? -Infinity, retryBound ?? -Infinity);
  if (bound === -Infinity) return;
  const received = facts.entry.receivedAt;
  const rotations = webhook.secrets.filter((issue) => issue.kind === 'rotate' && issue.determinate && issue.finishedAt < bound);
  const updates = webhook.writes.filter((write) => write.kind === 'update' && write.determinate && write.finishedAt < bound);
  if (rotations.length === 0 && updates.length === 0) return;
  const replaced = supersededAt(webhook, bound);
  const possible = webhook.secrets.filter((issue) => !replaced.includes(issue) && issue.startedAt < received && issue.secret !== undefined);
  if (possible.length === 0) return;
  const verifies = (issue: SecretIssue): boolean => issue.secret !== undefined && signedWith(facts, issue.secret);
  const byRetry = retryBound !== undefined && supersededAt(webhook, facts.causedAfter ?? -Infinity).length < replaced.length;
  const current = possible.at(-1) as SecretIssue;
  const lastRotation = rotations.at(-1);
  const updateAfter = updates.filter((write) => write.startedAt > current.finishedAt).at(-1);
  // nothing to judge: no HMAC to compute
  if (updateAfter === undefined && lastRotation === undefined) return;
  const later = facts.entry.seq;
  const what = describeSeq(history, later);
  const ok = possible.some(verifies);
  if (updateAfter !== undefined) {
    out.judged('WH-UPDATE-KEEPS-SECRET');
    if (!ok) {
      out.contradiction(
        'WH-UPDATE-KEEPS-SECRET',
        `${describeSeq(history, current.seq)} gave webhook ${webhook.id} its secret and ${describeSeq(history, updateAfter.seq)} changed only its url and events, but ${what}, caused after both, does not verify with that secret: the PUT changed the secret`,
        withCause([current.seq, updateAfter.seq], facts),
        later,
      );
      return;
    }
  }
  if (lastRotation === undefined) return;
  const onNew = byRetry ? 'SIG-RETRY-RESIGNED' : 'SIG-CURRENT-SECRET';
  const onOld = byRetry ? 'SIG-RETRY-RESIGNED' : 'WH-ROTATE-INVALIDATES-OLD';
  out.judged(onNew);
  if (onOld !== onNew) out.judged(onOld);
  const cause = byRetry
    ? `it is a retry sent after the receiver answered the previous attempt (${describeSeq(history, facts.previousAttempt?.seq ?? later)}), which was after the rotation completed`
    : `its event happened after the rotation completed (${describeSeq(history, facts.causeSeq ?? later)})`;
  if (!ok)
    out.contradiction(
      onNew,
      `${describeSeq(history, lastRotation.seq)} rotated the secret of webhook ${webhook.id}; ${what} does not verify with the new secret, and ${cause}`,
      withCause([lastRotation.seq], facts),
      later,
    );
  const old = replaced.find(verifies);
  if (old !== undefined)
    out.contradiction(
      onOld,
      `${describeSeq(history, lastRotation.seq)} replaced the secret ${describeSeq(history, old.seq)} gave webhook ${webhook.id}, but ${what} still verifies with the replaced secret, and ${cause}`,
      withCause([old.seq, lastRotation.seq], facts),
      later,
    );
}

/**
 * True when the delivery carries an HMAC-SHA256 under the secret: DESIGN.md §4's construction first (one HMAC, what
 * most deliveries carry), then any common one (signature-constructions.ts, a dozen HMACs).
 */
function signedWith(facts: DeliveryFacts, secret: string): boolean {
  const header = facts.entry.headers['service-signature'];
  const t = header === undefined ? undefined : /(?:^|,)\s*t=(\d+)/.exec(header)?.[1];
  if (header !== undefined && t !== undefined) {
    const mac = createHmac('sha256', secret).update(`${t}.`).update(facts.entry.raw).digest('hex');
    if (header.split(',').some((part) => part.trim() === `v1=${mac}`)) return true;
  }
  return anyConstruction(facts.entry, secret) !== undefined;
}

/** The entries that set the state, and the call that caused the delivery (its send or test call), in order. */
function withCause(earlier: readonly number[], facts: DeliveryFacts): number[] {
  return [...new Set([...earlier, ...(facts.causeSeq === undefined ? [] : [facts.causeSeq])])].sort((a, b) => a - b);
}

/** The secrets a rotation that completed before `at` had replaced (each issued before that rotation began). */
function supersededAt(webhook: WebhookModel, at: number): SecretIssue[] {
  const rotations = webhook.secrets.filter((issue) => issue.kind === 'rotate' && issue.determinate && issue.finishedAt < at);
  return webhook.secrets.filter((issue) => issue.determinate && rotations.some((rotation) => rotation !== issue && issue.finishedAt < rotation.startedAt));
}
