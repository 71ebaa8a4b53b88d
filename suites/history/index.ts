/**
 * The history checks (DESIGN.md §3 "Judged over the history"): each drives the target a little and is judged, once
 * every check of the run has ended, by a rule of rules/history-rules/ over the run's whole history. One suite module
 * for suites/index.ts.
 */
import type { Check } from '../checks/index.js';
import { deliveryAfterWriteChecks } from './delivery-after-writes.js';
import { deliveryAnswerChecks } from './delivery-answers.js';
import { idempotencyHistoryChecks } from './idempotency-history.js';
import { messageHistoryChecks } from './message-history.js';
import { webhookHistoryChecks } from './webhook-history.js';

/** Every history check. */
export const checks: readonly Check[] = [
  ...webhookHistoryChecks,
  ...deliveryAfterWriteChecks,
  ...deliveryAnswerChecks,
  ...messageHistoryChecks,
  ...idempotencyHistoryChecks,
];
