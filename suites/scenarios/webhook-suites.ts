/**
 * The webhook scenario suites (issue 5): management, URL rules, the test endpoint, delivery records, retries,
 * signatures and the message lifecycle seen through the receiver. One suite module for suites/index.ts.
 */
import type { Check } from '../checks/index.js';
import { deliveryChecks } from './delivery-checks.js';
import { deliveryQueryChecks } from './delivery-query.js';
import { redirectChecks } from './delivery-redirects.js';
import { retryChecks } from './delivery-retries.js';
import { eventDeliveryChecks } from './event-deliveries.js';
import { lifecycleChecks } from './lifecycle-checks.js';
import { dataFieldChecks } from './payload-data-fields.js';
import { signatureChecks } from './signature-checks.js';
import { urlRuleChecks } from './url-rules.js';
import { eventInputChecks } from './webhook-events-input.js';
import { webhookFieldChecks } from './webhook-fields.js';
import { managementChecks } from './webhook-management.js';
import { rotateDeleteChecks } from './webhook-rotate-delete.js';
import { testEndpointChecks } from './webhook-test-endpoint.js';

/** Every check of the webhook scenario suites. */
export const checks: readonly Check[] = [
  ...managementChecks,
  ...webhookFieldChecks,
  ...eventInputChecks,
  ...rotateDeleteChecks,
  ...testEndpointChecks,
  ...urlRuleChecks,
  ...deliveryChecks,
  ...deliveryQueryChecks,
  ...redirectChecks,
  ...retryChecks,
  ...signatureChecks,
  ...lifecycleChecks,
  ...dataFieldChecks,
  ...eventDeliveryChecks,
];
