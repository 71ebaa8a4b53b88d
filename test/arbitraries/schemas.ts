// Test copies of the contract's schemas (as spec/generated/schemas.json will hold them) plus edge-case schemas.
import type { JsonSchema } from '../../suites/arbitraries/index.js';

const STATUS = ['queued', 'pending', 'sent', 'delivered', 'failed'];
const EVENTS = ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'];

export const Message: JsonSchema = {
  type: 'object',
  'x-spec-section': '2.1',
  required: ['id', 'to', 'from', 'message', 'status', 'direction', 'created_at'],
  properties: {
    id: { type: 'string' },
    to: { type: 'string', format: 'e164', 'x-requirements': { format: 'MSG-TO-E164' } },
    from: { type: 'string' },
    message: { type: 'string' },
    status: { type: 'string', enum: STATUS, 'x-requirements': { enum: 'MSG-STATUS-ENUM', required: 'MSG-STATUS-REQUIRED' } },
    direction: { type: 'string', enum: ['inbound', 'outbound'] },
    created_at: { type: 'string', format: 'date-time', 'x-requirements': { format: 'MSG-CREATED-AT-FORMAT' } },
    platform_message_id: { type: 'string' },
  },
};

export const SendMessageRequest: JsonSchema = {
  type: 'object',
  required: ['to', 'from', 'message'],
  additionalProperties: false,
  properties: {
    to: { type: 'string', format: 'e164', 'x-requirements': { format: 'MSG-SEND-TO-E164', required: 'MSG-SEND-TO-REQUIRED', type: 'MSG-SEND-TO-TYPE' } },
    from: { type: 'string', 'x-requirements': { required: 'MSG-SEND-FROM-REQUIRED' } },
    message: { type: 'string', maxLength: 1600, 'x-requirements': { maxLength: 'MSG-SEND-MESSAGE-MAX', required: 'MSG-SEND-MESSAGE-REQUIRED' } },
  },
};

export const SendTemplateRequest: JsonSchema = {
  type: 'object',
  required: ['template', 'to'],
  properties: {
    template: { type: 'string', minLength: 1 },
    to: { type: 'string', format: 'e164' },
    from: { type: 'string' },
    data: { type: 'object', 'x-assumed': true },
    variant: { type: 'string' },
    fallback: { type: 'string', maxLength: 1600 },
    metadata: { type: 'object' },
  },
};

export const WebhookInput: JsonSchema = {
  type: 'object',
  required: ['url', 'events'],
  properties: {
    url: { type: 'string', format: 'uri', 'x-requirements': { format: 'WH-URL-URI', required: 'WH-URL-REQUIRED' } },
    events: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: EVENTS },
      'x-requirements': { minItems: 'WH-EVENTS-MIN', items: 'WH-EVENTS-ENUM' },
    },
  },
};

export const ListQuery: JsonSchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, 'x-requirements': { minimum: 'MSG-LIST-PAGE-MIN' } },
    limit: { type: 'integer', minimum: 1, maximum: 100, 'x-requirements': { minimum: 'MSG-LIST-LIMIT-MIN', maximum: 'MSG-LIST-LIMIT-MAX' } },
    status: { type: 'string', enum: STATUS },
    direction: { type: 'string', enum: ['inbound', 'outbound'] },
  },
};

export const Webhook: JsonSchema = {
  type: 'object',
  required: ['id', 'workspace_id', 'url', 'events', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    workspace_id: { type: 'string', format: 'uuid' },
    url: { type: 'string', format: 'uri' },
    events: WebhookInput.properties?.events ?? {},
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    signing_secret: false,
  },
};

export const DeliveryRecord: JsonSchema = {
  type: 'object',
  required: ['id', 'webhook_id', 'event', 'status_code', 'response_body', 'delivered_at', 'test'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    webhook_id: { type: 'string', format: 'uuid' },
    event: { type: 'string', enum: [...EVENTS, 'test.webhook.sent'] },
    status_code: { type: ['integer', 'null'], minimum: 100, maximum: 599 },
    response_body: { type: 'string', maxLength: 1000 },
    delivered_at: { type: 'string', format: 'date-time' },
    test: { type: ['boolean', 'null'] },
  },
};

/** A whole request as a suite composes it: the paths of its cases start with body/query/headers. */
export const SendMessageCall: JsonSchema = {
  type: 'object',
  required: ['body'],
  properties: {
    headers: {
      type: 'object',
      properties: {
        'Idempotency-Key': { type: 'string', minLength: 1, maxLength: 255, 'x-requirements': { maxLength: 'IDEM-KEY-LENGTH', minLength: 'IDEM-KEY-LENGTH' } },
      },
    },
    body: SendMessageRequest,
  },
};

export const EdgeCases: JsonSchema = {
  type: 'object',
  required: ['code', 'ratio', 'step', 'tags', 'kind', 'ref', 'nested'],
  properties: {
    code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$', minLength: 8, maxLength: 8 },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    step: { type: 'integer', minimum: 0, maximum: 100, multipleOf: 5 },
    tags: { type: 'array', maxItems: 3, uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c', 'd'] } },
    kind: { const: 'sms' },
    ref: {
      oneOf: [
        { type: 'string', format: 'uuid' },
        { type: 'integer', minimum: 0 },
      ],
    },
    email: { type: 'string', format: 'email' },
    day: { type: 'string', format: 'date' },
    nested: {
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string', minLength: 2 } } },
        { type: 'object', properties: { b: { type: ['number', 'null'], maximum: 10 } } },
      ],
    },
    note: { type: ['string', 'null'], maxLength: 5 },
  },
};

export const ALL_SCHEMAS: Record<string, JsonSchema> = {
  Message,
  SendMessageRequest,
  SendTemplateRequest,
  WebhookInput,
  ListQuery,
  Webhook,
  DeliveryRecord,
  SendMessageCall,
  EdgeCases,
};
