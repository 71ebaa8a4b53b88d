import type { CallEntry } from '../history/history.js';
import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirement of the workspace rule. */
export const workspaceOfKeyRequirements = ['WH-WORKSPACE-OF-KEY'] as const;

// the answers that show a workspace_id: webhooks (spec §2.3) and the caller (DESIGN.md §4's /v1/user/me)
const showing = new Set(['createWebhook', 'updateWebhook', 'rotateWebhookSecret', 'listWebhooks', 'getCurrentUser']);

/**
 * spec §2.3 workspace_id, §1 (an API key is an account's): every webhook one API key creates or is shown, and the
 * caller GET /v1/user/me describes for it, carry one workspace_id. Compared per key with the first answer that
 * showed one; one contradiction per key.
 */
export function workspaceOfKey(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(workspaceOfKeyRequirements);
  const { history } = model;
  const first = new Map<string, { value: string; seq: number }>();
  const contradicted = new Set<string>();
  for (const call of history.calls) {
    if (call.operationId === undefined || !showing.has(call.operationId) || contradicted.has(call.principal)) continue;
    if (call.status === undefined || call.status < 200 || call.status > 299) continue;
    for (const value of workspaceIds(call)) {
      const known = first.get(call.principal);
      if (known === undefined) {
        first.set(call.principal, { value, seq: call.seq });
        continue;
      }
      out.judged('WH-WORKSPACE-OF-KEY');
      if (value === known.value) continue;
      out.contradiction(
        'WH-WORKSPACE-OF-KEY',
        `${describeSeq(history, known.seq)} showed workspace_id ${JSON.stringify(known.value.slice(0, 80))} to one API key; ${describeSeq(history, call.seq)}, to the same key, shows ${JSON.stringify(value.slice(0, 80))}`,
        [known.seq],
        call.seq,
      );
      contradicted.add(call.principal);
      break;
    }
  }
  return out.build();
}

/** The workspace_id strings an answer shows: the object's, or each list item's. */
function workspaceIds(call: CallEntry): string[] {
  const items = Array.isArray(call.json) ? call.json : [call.json];
  return items.flatMap((item) => {
    const value = typeof item === 'object' && item !== null ? (item as { workspace_id?: unknown }).workspace_id : undefined;
    return typeof value === 'string' ? [value] : [];
  });
}
