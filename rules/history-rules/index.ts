import type { History } from '../history/history.js';
import type { Judgement } from '../history/judgement.js';
import { modelOf } from '../model/service-model.js';
import type { ServiceModel } from '../model/service-model.js';
import { deliveryAttemptRequirements, deliveryAttempts } from './delivery-attempts.js';
import { deliveryOrder, deliveryOrderRequirements } from './delivery-order.js';
import { deliveryRecordRequirements, deliveryRecords } from './delivery-records.js';
import { deliveryRouting, deliveryRoutingRequirements } from './delivery-routing.js';
import { deliverySecretRequirements, deliverySecrets } from './delivery-secrets.js';
import { idempotency, idempotencyRequirements } from './idempotency.js';
import { listOrder, listOrderRequirements } from './list-order.js';
import { messageFilterRequirements, messageFilters } from './message-filters.js';
import { messageLifecycle, messageLifecycleRequirements } from './message-lifecycle.js';
import { messageEcho, messageEchoRequirements, messageViewRequirements, messageViews } from './message-views.js';
import { pageTotalRequirements, pageTotals } from './page-totals.js';
import { recordStampRequirements, recordStamps } from './record-stamps.js';
import { stampedNow, stampedNowRequirements } from './stamped-now.js';
import { testRouting, testRoutingRequirements } from './test-routing.js';
import { webhookDeletion, webhookDeletionRequirements } from './webhook-deletion.js';
import { webhookFound, webhookFoundRequirements } from './webhook-found.js';
import { webhookListStampRequirements, webhookListStamps } from './webhook-list-stamps.js';
import { webhookReadRequirements, webhookReads } from './webhook-reads.js';
import { webhookTimestampRequirements, webhookTimestamps } from './webhook-timestamps.js';
import { webhookViewRequirements, webhookViews } from './webhook-views.js';
import { workspaceOfKey, workspaceOfKeyRequirements } from './workspace-of-key.js';

/** A rule over a history: a pure function of the model, and the requirements it can show broken. */
export interface HistoryRule {
  readonly name: string;
  readonly requirements: readonly string[];
  readonly judge: (model: ServiceModel) => Judgement;
}

/** Every history rule (DESIGN.md §3 "Judged over the history"): the suites' history checks and the proxy run these. */
export const historyRules: readonly HistoryRule[] = [
  { name: 'webhook-reads', requirements: webhookReadRequirements, judge: webhookReads },
  { name: 'webhook-timestamps', requirements: webhookTimestampRequirements, judge: webhookTimestamps },
  { name: 'webhook-views', requirements: webhookViewRequirements, judge: webhookViews },
  { name: 'webhook-list-stamps', requirements: webhookListStampRequirements, judge: webhookListStamps },
  { name: 'workspace-of-key', requirements: workspaceOfKeyRequirements, judge: workspaceOfKey },
  { name: 'webhook-deletion', requirements: webhookDeletionRequirements, judge: webhookDeletion },
  { name: 'webhook-found', requirements: webhookFoundRequirements, judge: webhookFound },
  { name: 'delivery-routing', requirements: deliveryRoutingRequirements, judge: deliveryRouting },
  { name: 'test-routing', requirements: testRoutingRequirements, judge: testRouting },
  { name: 'delivery-secrets', requirements: deliverySecretRequirements, judge: deliverySecrets },
  { name: 'delivery-attempts', requirements: deliveryAttemptRequirements, judge: deliveryAttempts },
  { name: 'delivery-records', requirements: deliveryRecordRequirements, judge: deliveryRecords },
  { name: 'delivery-order', requirements: deliveryOrderRequirements, judge: deliveryOrder },
  { name: 'record-stamps', requirements: recordStampRequirements, judge: recordStamps },
  { name: 'message-lifecycle', requirements: messageLifecycleRequirements, judge: messageLifecycle },
  { name: 'message-filters', requirements: messageFilterRequirements, judge: messageFilters },
  { name: 'message-echo', requirements: messageEchoRequirements, judge: messageEcho },
  { name: 'message-views', requirements: messageViewRequirements, judge: messageViews },
  { name: 'stamped-now', requirements: stampedNowRequirements, judge: stampedNow },
  { name: 'page-totals', requirements: pageTotalRequirements, judge: pageTotals },
  { name: 'list-order', requirements: listOrderRequirements, judge: listOrder },
  { name: 'idempotency', requirements: idempotencyRequirements, judge: idempotency },
];

/** The rule of this name (a typo is a bug of the caller: it throws). */
export function historyRule(name: string): HistoryRule {
  const rule = historyRules.find((candidate) => candidate.name === name);
  if (rule === undefined) throw new RangeError(`Unknown history rule "${name}": one of ${historyRules.map((r) => r.name).join(', ')}`);
  return rule;
}

// judgements are pure functions of the history: one per rule and history, shared by every check that reads it
const judged = new WeakMap<History, Map<string, Judgement>>();

/** What a rule finds over a history (memoized per history and rule). */
export function judgeHistory(rule: HistoryRule, history: History): Judgement {
  let byRule = judged.get(history);
  if (byRule === undefined) {
    byRule = new Map();
    judged.set(history, byRule);
  }
  let judgement = byRule.get(rule.name);
  if (judgement === undefined) {
    judgement = rule.judge(modelOf(history));
    byRule.set(rule.name, judgement);
  }
  return judgement;
}
