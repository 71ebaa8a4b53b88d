import type { Delivery } from '../../receiver/index.js';
import { validate } from '../../spec/index.js';

/** The payload schema of each event kind (spec §6; spec/index.ts schemas). */
const payloadSchemas: Readonly<Record<string, string>> = {
  'message.sent': 'MessageSentPayload',
  'message.delivered': 'MessageDeliveredPayload',
  'message.failed': 'MessageFailedPayload',
  'message.status.updated': 'MessageStatusUpdatedPayload',
  'test.webhook.sent': 'TestWebhookPayload',
};

/** Why a payload breaks a rule, and the requirement it breaks. */
export interface PayloadProblem {
  readonly why: string;
  readonly breaks: string;
}

/**
 * Why a payload breaks the spec's own rules (spec §6: `{event, data}`, per-event fields), or undefined; with
 * `assumed`, DESIGN.md §4's decided shapes too (message.sent and message.status.updated carry the Message).
 */
export function payloadProblem(delivery: Delivery, assumed = false): PayloadProblem | undefined {
  const payload = delivery.json as { event?: unknown; data?: unknown } | undefined;
  const shape = (why: string): PayloadProblem => ({ why, breaks: 'EVT-PAYLOAD-SHAPE' });
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    return shape(`the body is not a JSON object (${delivery.jsonError ?? typeof payload})`);
  if (typeof payload.event !== 'string') return shape(`the body has no string "event" (keys: ${Object.keys(payload).join(', ')})`);
  const schema = payloadSchemas[payload.event];
  if (schema === undefined) return { why: `event "${payload.event}" is not a kind a webhook may receive`, breaks: 'EVT-KIND-MATCHES' };
  const issues = validate(schema, payload).issues.filter((issue) => assumed || !issue.assumed);
  const [first] = issues;
  if (first === undefined) return undefined;
  const why = `${payload.event}: ${issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`;
  return { why, breaks: first.requirement ?? (first.assumed ? 'EVT-DESIGN-PAYLOADS' : 'EVT-PAYLOAD-SHAPE') };
}
