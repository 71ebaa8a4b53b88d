import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirements of the stamped-now rule. */
export const stampedNowRequirements = ['MSG-CREATED-AT-NOW', 'WH-STAMPED-NOW'] as const;

/**
 * How far a stamp may sit from the moment the call was made: the target's clock and the harness's differ (NTP keeps
 * them within seconds); a time-zone bug (local time written with Z) is off by whole hours.
 */
export const stampToleranceMs = 5 * 60_000;

// what each write stamps with the time it took effect (spec §2.1 created_at, §2.3 created_at and updated_at)
const stamped: Readonly<Record<string, { readonly field: 'created_at' | 'updated_at'; readonly requirement: (typeof stampedNowRequirements)[number] }>> = {
  sendMessage: { field: 'created_at', requirement: 'MSG-CREATED-AT-NOW' },
  sendTemplateMessage: { field: 'created_at', requirement: 'MSG-CREATED-AT-NOW' },
  createWebhook: { field: 'created_at', requirement: 'WH-STAMPED-NOW' },
  updateWebhook: { field: 'updated_at', requirement: 'WH-STAMPED-NOW' },
};

/**
 * DESIGN.md's reading of spec §2.1 and §2.3: the stamp a write answers is the time it took effect, so it lies between
 * the call's start and its answer, give or take the clocks' difference (stampToleranceMs). A replay (an answer that
 * repeats an earlier create) is judged by its first call's time only: its answer is the first one's. One contradiction
 * per requirement.
 */
export function stampedNow(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(stampedNowRequirements);
  const { history } = model;
  const wrong = new Set<string>();
  const seenIds = new Set<string>();
  for (const call of history.calls) {
    const rule = call.operationId === undefined ? undefined : stamped[call.operationId];
    if (rule === undefined || wrong.has(rule.requirement) || call.status === undefined || call.status < 200 || call.status > 299) continue;
    const answer = call.json as Record<string, unknown> | undefined;
    const stamp = answer?.[rule.field];
    const at = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    if (Number.isNaN(at)) continue;
    // a replayed send answers the first call's message: judged at the first call only
    const id = typeof answer?.id === 'string' ? `${call.operationId}\u0000${answer.id}` : undefined;
    if (id !== undefined && rule.field === 'created_at') {
      if (seenIds.has(id)) continue;
      seenIds.add(id);
    }
    out.judged(rule.requirement);
    const early = call.startedAt - stampToleranceMs - at;
    const late = at - call.finishedAt - stampToleranceMs;
    if (early <= 0 && late <= 0) continue;
    const off = early > 0 ? call.startedAt - at : at - call.finishedAt;
    out.contradiction(
      rule.requirement,
      `${describeSeq(history, call.seq)} answered ${rule.field} ${JSON.stringify(String(stamp).slice(0, 40))}, ${minutes(off)} ${early > 0 ? 'before the call began' : 'after its answer came'} (clocks may differ by ${minutes(stampToleranceMs)} at most: a time zone written as Z?)`,
      [],
      call.seq,
    );
    wrong.add(rule.requirement);
  }
  return out.build();
}

function minutes(ms: number): string {
  return ms >= 3_600_000 ? `${(ms / 3_600_000).toFixed(1)} h` : `${Math.round(ms / 60_000)} min`;
}
