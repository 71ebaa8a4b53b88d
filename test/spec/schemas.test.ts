import { describe, expect, it } from 'vitest';
import {
  validate,
  type DeliveryRecord,
  type Message,
  type MessageDeliveredPayload,
  type MessageFailedPayload,
  type MessageList,
  type MessageReceivedPayload,
  type SendMessageRequest,
  type SendTemplateRequest,
  type Webhook,
  type WebhookInput,
  type WebhookTestResult,
  type WebhookWithSecret,
} from '../../spec/index.js';

// The sample objects the spec describes (§2, §4, §6), typed with the generated types so those are checked too.
const queuedMessage: Message = {
  id: 'msg_01HZX',
  to: '+14155550123',
  from: '+14155550100',
  message: 'Your code is 123456',
  status: 'queued',
  direction: 'outbound',
  created_at: '2024-05-01T12:00:00Z',
};
const webhook: Webhook = {
  id: '6f1c2a4e-8b7d-4c3e-9a10-2b3c4d5e6f70',
  workspace_id: '0b7e2d3c-1a2b-4c5d-8e9f-a0b1c2d3e4f5',
  url: 'https://hooks.conformance.example/sms',
  events: ['message.sent', 'message.delivered'],
  created_at: '2024-05-01T12:00:00.000Z',
  updated_at: '2024-05-01T12:00:00.000Z',
};
const created: WebhookWithSecret = {
  ...webhook,
  signing_secret: 'whsec_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  signing_secret_warning: 'Store this secret now: it is shown only once.',
};
const received: MessageReceivedPayload = {
  event: 'message.received',
  data: { id: 'msg_in_1', to: '+14155550100', from: '+14155550999', message: 'hello', status: 'received', created_at: '2024-05-01T12:01:00+02:00' },
};
const failed: MessageFailedPayload = { event: 'message.failed', data: { id: 'msg_01HZX', failure_reason: 'carrier rejected' } };
const delivered: MessageDeliveredPayload = { event: 'message.delivered', data: { id: 'msg_01HZX' } };
const networkFailure: DeliveryRecord = {
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  webhook_id: webhook.id,
  event: 'test.webhook.sent',
  status_code: null,
  response_body: '',
  delivered_at: '2024-05-01T12:02:00Z',
  test: true,
};
const testResult: WebhookTestResult = { success: false, status_code: null, message: 'connection refused', delivery: { id: networkFailure.id } };
const sendBody: SendMessageRequest = { to: '+14155550123', from: '+14155550100', message: 'x'.repeat(1600) };
const templateBody: SendTemplateRequest = { template: 'otp-verify', to: '+447700900123', data: { code: '123456' }, variant: 'en', metadata: {} };
const webhookInput: WebhookInput = { url: 'https://hooks.conformance.example/sms', events: ['message.failed'] };
const list: MessageList = { data: [queuedMessage], pagination: { page: 1, limit: 20, total: 1, has_more: false } };
const errorBody = { success: false, error: 'not_found', message: 'No message msg_x', timestamp: '2024-05-01T12:00:00Z' };

/** A copy of `base` with the value at `path` (dot-separated) replaced, or removed when `value` is `undefined`. */
function changed(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

describe('valid samples validate', () => {
  it.each(
    (
      [
        ['Message', queuedMessage, 'a queued outbound message (§2.1, §3)'],
        ['Message', { ...queuedMessage, platform_message_id: 'SM123', extra: 1 }, 'response objects allow more properties'],
        ['sendMessage.response.201', queuedMessage, 'the send response'],
        ['MessageList', list, 'the list envelope (§2.2)'],
        ['Webhook', webhook, 'a listed webhook'],
        ['WebhookWithSecret', created, 'a webhook create response with its secret (§4.2)'],
        ['createWebhook.response.201', created, 'the create response'],
        ['listWebhooks.response.200', [webhook], 'the list response: a bare array'],
        ['MessageReceivedPayload', received, "the simulator's message.received (§6)"],
        ['MessageFailedPayload', failed, "the simulator's message.failed"],
        ['MessageDeliveredPayload', delivered, "the simulator's message.delivered"],
        ['WebhookPayload', received, 'message.received as any payload'],
        ['WebhookPayload', failed, 'message.failed as any payload'],
        ['WebhookPayload', { event: 'message.status.updated', data: { id: 'm', status: 'sent' } }, 'message.status.updated'],
        ['DeliveryRecord', networkFailure, 'a delivery record with status_code null (§2.4)'],
        ['DeliveryRecord', { ...networkFailure, status_code: 200, response_body: 'x'.repeat(1000), test: null }, 'the 1000-character body'],
        ['DeliveryList', [networkFailure], 'a bare array of records'],
        ['WebhookTestResult', testResult, 'a test result that completed although the attempt failed'],
        ['SendMessageRequest', sendBody, 'a 1600-character message (§8)'],
        ['SendTemplateRequest', templateBody, 'a template send with variables in `data`'],
        ['WebhookInput', webhookInput, 'a webhook input'],
        // The https-only, userinfo and private-network rules are semantic checks (WH-URL-HTTPS, WH-URL-USERINFO,
        // WH-URL-PRIVATE) made by the scenario suites: as far as the schema goes these are valid `uri`s.
        ['WebhookInput', { ...webhookInput, url: 'http://hooks.conformance.example/sms' }, 'http:// is a valid uri'],
        ['WebhookInput', { ...webhookInput, url: 'https://user:pw@10.0.0.1/x' }, 'userinfo and private hosts too'],
        ['ErrorBody', errorBody, 'the DESIGN §4 error body'],
        ['User', { id: 'u1', email: 'dev@example.com', name: 'Dev', workspace_id: 'w1', created_at: '2024-05-01T12:00:00Z' }, 'GET /v1/user/me'],
        ['listMessages.query', { page: 1, limit: 100, status: 'failed', direction: 'inbound' }, 'list query at its bounds'],
        ['listWebhookDeliveries.query', { page: 3, limit: 100 }, 'deliveries query'],
        ['sendMessage.headers', { 'idempotency-key': 'k'.repeat(255) }, 'a 255-character Idempotency-Key'],
        ['updateWebhook.path', { id: webhook.id }, 'a uuid path id'],
        ['sendMessage.response.429.headers', { 'retry-after': 30 }, 'Retry-After on 429'],
      ] as [string, unknown, string][]
    ).map(([name, value, why]) => [name, why, value] as const),
  )('%s: %s', (name, _why, value) => {
    expect(validate(name, value)).toEqual({ valid: true, errors: [], issues: [] });
  });
});

// [schema, value, path, keyword, requirement cited through x-requirements (or undefined)]
const invalid: [string, unknown, string, string, string | undefined][] = [
  ['SendMessageRequest', changed(sendBody, 'message', 'x'.repeat(1601)), '/message', 'maxLength', 'MSG-SEND-MESSAGE-MAX'],
  ['SendMessageRequest', changed(sendBody, 'to', undefined), '/to', 'required', 'MSG-SEND-TO-REQUIRED'],
  ['SendMessageRequest', changed(sendBody, 'from', undefined), '/from', 'required', 'MSG-SEND-FROM-REQUIRED'],
  ['SendMessageRequest', changed(sendBody, 'message', undefined), '/message', 'required', 'MSG-SEND-MESSAGE-REQUIRED'],
  ['SendMessageRequest', changed(sendBody, 'to', '14155550123'), '/to', 'format', 'MSG-SEND-TO-E164'],
  ['SendMessageRequest', changed(sendBody, 'to', '+0155550123'), '/to', 'format', 'MSG-SEND-TO-E164'],
  ['SendMessageRequest', changed(sendBody, 'to', '+1234567890123456'), '/to', 'format', 'MSG-SEND-TO-E164'],
  ['SendMessageRequest', changed(sendBody, 'message', 42), '/message', 'type', undefined],
  ['SendTemplateRequest', changed(templateBody, 'template', undefined), '/template', 'required', 'TPL-TEMPLATE-REQUIRED'],
  ['SendTemplateRequest', changed(templateBody, 'to', undefined), '/to', 'required', 'TPL-TO-REQUIRED'],
  ['SendTemplateRequest', changed(templateBody, 'to', '+1 415 555 0123'), '/to', 'format', 'TPL-TO-E164'],
  ['SendTemplateRequest', changed(templateBody, 'data', 'code=1'), '/data', 'type', 'TPL-DATA-OBJECT'],
  ['SendTemplateRequest', changed(templateBody, 'metadata', []), '/metadata', 'type', 'TPL-METADATA-OBJECT'],
  ['sendMessage.headers', { 'idempotency-key': '' }, '/idempotency-key', 'minLength', 'IDEM-KEY-LENGTH'],
  ['sendTemplateMessage.headers', { 'idempotency-key': 'k'.repeat(256) }, '/idempotency-key', 'maxLength', 'IDEM-KEY-LENGTH'],
  ['listMessages.query', { limit: 0 }, '/limit', 'minimum', 'MSG-LIST-LIMIT-MIN'],
  ['listMessages.query', { limit: 101 }, '/limit', 'maximum', 'MSG-LIST-LIMIT-MAX'],
  ['listMessages.query', { limit: 1.5 }, '/limit', 'type', undefined],
  ['listMessages.query', { page: 0 }, '/page', 'minimum', 'MSG-LIST-PAGE-MIN'],
  ['listMessages.query', { status: 'received' }, '/status', 'enum', 'MSG-LIST-STATUS-ENUM'],
  ['listMessages.query', { direction: 'both' }, '/direction', 'enum', 'MSG-LIST-DIRECTION-ENUM'],
  ['listWebhookDeliveries.query', { page: 0 }, '/page', 'minimum', 'DLV-PAGE-MIN'],
  ['listWebhookDeliveries.query', { limit: 101 }, '/limit', 'maximum', 'DLV-LIMIT-MAX'],
  ['WebhookInput', changed(webhookInput, 'events', []), '/events', 'minItems', 'WH-EVENTS-MIN'],
  ['WebhookInput', changed(webhookInput, 'events', ['message.received']), '/events/0', 'enum', 'WH-EVENTS-ENUM'],
  ['WebhookInput', changed(webhookInput, 'events', undefined), '/events', 'required', 'WH-EVENTS-REQUIRED'],
  ['WebhookInput', changed(webhookInput, 'url', undefined), '/url', 'required', 'WH-URL-REQUIRED'],
  ['WebhookInput', changed(webhookInput, 'url', 'hooks.example/no-scheme'), '/url', 'format', 'WH-URL-FORMAT'],
  ['updateWebhook.path', { id: 'not-a-uuid' }, '/id', 'format', 'WH-ID-UUID'],
  ['listWebhooks.response.200', [{ ...webhook, signing_secret: created.signing_secret }], '/0/signing_secret', 'false schema', undefined],
  ['Webhook', changed(webhook, 'signing_secret_warning', 'shown once'), '/signing_secret_warning', 'false schema', undefined],
  ['listWebhooks.response.200', { data: [webhook] }, '', 'type', undefined],
  ['Webhook', changed(webhook, 'id', '6f1c2a4e-8b7d-4c3e-9a10'), '/id', 'format', 'WH-ID-UUID'],
  ['WebhookWithSecret', changed(created, 'signing_secret', undefined), '/signing_secret', 'required', 'WH-SECRET-ONCE'],
  ['WebhookWithSecret', changed(created, 'signing_secret_warning', undefined), '/signing_secret_warning', 'required', 'WH-SECRET-WARNING'],
  ['Message', changed(queuedMessage, 'status', 'received'), '/status', 'enum', 'MSG-STATUS-ENUM'],
  ['Message', changed(queuedMessage, 'direction', 'sideways'), '/direction', 'enum', 'MSG-DIRECTION-ENUM'],
  ['Message', changed(queuedMessage, 'created_at', '2024-05-01'), '/created_at', 'format', undefined],
  ['Message', changed(queuedMessage, 'created_at', '2024-05-01T12:00:00'), '/created_at', 'format', undefined],
  ['Message', changed(queuedMessage, 'id', 7), '/id', 'type', undefined],
  ['Message', changed(queuedMessage, 'from', undefined), '/from', 'required', 'MSG-FIELDS-REQUIRED'],
  ['MessageList', changed(list, 'pagination', undefined), '/pagination', 'required', 'MSG-LIST-ENVELOPE'],
  ['MessageList', changed(list, 'data', {}), '/data', 'type', undefined],
  ['DeliveryRecord', changed(networkFailure, 'response_body', 'x'.repeat(1001)), '/response_body', 'maxLength', 'DLV-RESPONSE-BODY-MAX'],
  ['DeliveryRecord', changed(networkFailure, 'status_code', '200'), '/status_code', 'type', 'DLV-STATUS-CODE-NULL'],
  ['DeliveryRecord', changed(networkFailure, 'event', 'message.received'), '/event', 'enum', 'DLV-EVENT-ENUM'],
  ['DeliveryRecord', changed(networkFailure, 'test', 'yes'), '/test', 'type', 'DLV-TEST-FLAG'],
  ['DeliveryRecord', changed(networkFailure, 'webhook_id', 'abc'), '/webhook_id', 'format', undefined],
  ['DeliveryRecord', changed(networkFailure, 'delivered_at', undefined), '/delivered_at', 'required', 'DLV-RECORD-FIELDS'],
  ['DeliveryList', { data: [networkFailure] }, '', 'type', undefined],
  ['WebhookTestResult', changed(testResult, 'delivery', undefined), '/delivery', 'required', undefined],
  ['WebhookTestResult', changed(testResult, 'success', 'false'), '/success', 'type', undefined],
  ['MessageFailedPayload', changed(failed, 'data.failure_reason', undefined), '/data/failure_reason', 'required', 'EVT-FAILED-REASON'],
  ['MessageDeliveredPayload', changed(delivered, 'data.id', undefined), '/data/id', 'required', 'EVT-DELIVERED-ID'],
  ['MessageReceivedPayload', changed(received, 'data.status', 'delivered'), '/data/status', 'const', 'EVT-RECEIVED-PAYLOAD'],
  ['MessageReceivedPayload', changed(received, 'data.from', undefined), '/data/from', 'required', undefined],
  ['WebhookPayload', changed(delivered, 'event', 'message.bounced'), '/event', 'discriminator', undefined],
  ['WebhookPayload', changed(failed, 'data.failure_reason', undefined), '/data/failure_reason', 'required', 'EVT-FAILED-REASON'],
  ['ErrorBody', { ...errorBody, success: true }, '/success', 'const', undefined],
  ['sendMessage.response.429.headers', {}, '/retry-after', 'required', 'RATE-RETRY-AFTER'],
];

describe('invalid objects are rejected at the right path and keyword', () => {
  it('has at least 30 cases', () => {
    expect(invalid.length).toBeGreaterThanOrEqual(30);
  });

  it.each(invalid)('%s rejects %j at %s (%s)', (name, value, path, keyword, requirement) => {
    const result = validate(name, value);
    expect(result.valid).toBe(false);
    // Each case breaks exactly one rule of an otherwise valid object.
    expect(result.issues).toEqual([expect.objectContaining({ path, keyword })]);
    expect(result.issues[0]?.requirement).toBe(requirement);
    expect(result.errors[0]).toContain(`${path || '/'} ${keyword}:`);
  });
});
