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
  const shape = shapeProblem(delivery);
  if (shape !== undefined) return { why: shape, breaks: 'EVT-PAYLOAD-SHAPE' };
  const payload = delivery.json as { event: string; data: object };
  const schema = payloadSchemas[payload.event];
  if (schema === undefined) return { why: `event "${payload.event}" is not a kind a webhook may receive`, breaks: 'EVT-KIND-MATCHES' };
  const issues = validate(schema, payload).issues.filter((issue) => assumed || !issue.assumed);
  const [first] = issues;
  if (first === undefined) return undefined;
  const why = `${payload.event}: ${issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`;
  return { why, breaks: first.requirement ?? (first.assumed ? 'EVT-DESIGN-PAYLOADS' : 'EVT-PAYLOAD-SHAPE') };
}

/** Why a body is not spec §6's `{event, data}` (a JSON object, a string event, an object data: EVT-PAYLOAD-SHAPE). */
export function shapeProblem(delivery: Delivery): string | undefined {
  const payload = delivery.json as { event?: unknown; data?: unknown } | undefined;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    return `the body is not a JSON object (${delivery.jsonError ?? typeof payload})`;
  if (typeof payload.event !== 'string') return `the body has no string "event" (keys: ${Object.keys(payload).join(', ')})`;
  const data = payload.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return `the body's "data" is not an object (${data === null ? 'null' : typeof data})`;
  return undefined;
}
