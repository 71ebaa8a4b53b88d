// Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.
// One TypeScript type per component schema; `ComponentTypes` maps each component name to its type.

/**
 * A phone number in E.164 form (the custom format `e164`).
 */
export type E164 = string;
export type Uuid = string;
export type DateTime = string;
export type MessageStatus = 'queued' | 'pending' | 'sent' | 'delivered' | 'failed';
export type MessageDirection = 'inbound' | 'outbound';
/**
 * The event kinds a webhook may subscribe to.
 */
export type WebhookEvent = 'message.sent' | 'message.delivered' | 'message.failed' | 'message.status.updated';
/**
 * The event kinds of delivery records; test sends record test.webhook.sent.
 */
export type DeliveryEvent =
  'message.sent' | 'message.delivered' | 'message.failed' | 'message.status.updated' | 'test.webhook.sent';
export type Events = WebhookEvent[];
/**
 * A bare array, not wrapped in data/pagination (spec §4.2).
 */
export type DeliveryList = DeliveryRecord[];
/**
 * Any delivery payload, told apart by `event`.
 */
export type WebhookPayload =
  | MessageSentPayload
  | MessageDeliveredPayload
  | MessageFailedPayload
  | MessageStatusUpdatedPayload
  | MessageReceivedPayload
  | TestWebhookPayload;

/**
 * Each component schema of spec/openapi.yaml by name.
 */
export interface ComponentTypes {
  E164: E164;
  Uuid: Uuid;
  DateTime: DateTime;
  MessageStatus: MessageStatus;
  MessageDirection: MessageDirection;
  WebhookEvent: WebhookEvent;
  DeliveryEvent: DeliveryEvent;
  Message: Message;
  Pagination: Pagination;
  MessageList: MessageList;
  SendMessageRequest: SendMessageRequest;
  SendTemplateRequest: SendTemplateRequest;
  WebhookInput: WebhookInput;
  Webhook: Webhook;
  WebhookWithSecret: WebhookWithSecret;
  DeliveryRecord: DeliveryRecord;
  DeliveryList: DeliveryList;
  WebhookTestResult: WebhookTestResult;
  ErrorBody: ErrorBody;
  User: User;
  MessageSentPayload: MessageSentPayload;
  MessageDeliveredPayload: MessageDeliveredPayload;
  MessageFailedPayload: MessageFailedPayload;
  MessageStatusUpdatedPayload: MessageStatusUpdatedPayload;
  MessageReceivedPayload: MessageReceivedPayload;
  TestWebhookPayload: TestWebhookPayload;
  WebhookPayload: WebhookPayload;
}
export interface Message {
  id: string;
  to: E164;
  from: string;
  message: string;
  status: MessageStatus;
  direction: MessageDirection;
  created_at: DateTime;
  platform_message_id?: string;
  /**
   * Why a failed message failed (DESIGN §4 status lifecycle).
   */
  failure_reason?: string;
}
/**
 * The spec does not show the fields; DESIGN §4 decides {page, limit, total, has_more}.
 */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}
export interface MessageList {
  data: Message[];
  pagination: Pagination;
}
export interface SendMessageRequest {
  to: E164;
  from: string;
  message: string;
}
export interface SendTemplateRequest {
  template: string;
  to: E164;
  /**
   * Starter tier uses a shared number when omitted.
   */
  from?: string;
  /**
   * Template variables; the spec text says "the service" here, DESIGN §4 names it `data`.
   */
  data?: Record<string, unknown>;
  /**
   * A template variant such as a language code.
   */
  variant?: string;
  /**
   * The message used if the template is unavailable.
   */
  fallback?: string;
  metadata?: Record<string, unknown>;
}
/**
 * The body of create and update; the https and private-network rules are semantic checks, not schema.
 */
export interface WebhookInput {
  url: string;
  /**
   * @minItems 1
   */
  events: WebhookEvent[];
}
/**
 * A webhook as listed, updated or read; never carries its secret (spec §2.3).
 */
export interface Webhook {
  id: Uuid;
  workspace_id: Uuid;
  url: string;
  events: Events;
  created_at: DateTime;
  updated_at: DateTime;
  signing_secret?: never;
  signing_secret_warning?: never;
}
/**
 * A webhook as returned by create and rotate-secret, with its one-shot secret.
 */
export interface WebhookWithSecret {
  id: Uuid;
  workspace_id: Uuid;
  url: string;
  events: Events;
  created_at: DateTime;
  updated_at: DateTime;
  signing_secret: string;
  signing_secret_warning: string;
}
export interface DeliveryRecord {
  id: Uuid;
  webhook_id: Uuid;
  event: DeliveryEvent;
  /**
   * The receiver's HTTP status; null when the request failed at the network layer.
   */
  status_code: number | null;
  response_body: string;
  delivered_at: DateTime;
  test: boolean | null;
}
export interface WebhookTestResult {
  success: boolean;
  status_code: number | null;
  message: string;
  /**
   * The delivery attempt; its fields are not shown in the spec.
   */
  delivery: Record<string, unknown>;
}
/**
 * The error body shape is not shown in the spec; DESIGN §4 decides it (observe level).
 */
export interface ErrorBody {
  success: false;
  /**
   * A stable code such as validation_error, not_found, unauthorized, tier_not_allowed, rate_limited, idempotency_conflict.
   */
  error: string;
  message: string;
  timestamp: DateTime;
}
/**
 * The response of GET /v1/user/me; its shape is not shown, DESIGN §4 decides it.
 */
export interface User {
  id: string;
  email: string;
  name: string;
  workspace_id: string;
  created_at: DateTime;
}
/**
 * The payload is not shown in the spec; DESIGN §4 assumes data carries at least the message id.
 */
export interface MessageSentPayload {
  event: 'message.sent';
  data: {
    id: string;
  };
}
export interface MessageDeliveredPayload {
  event: 'message.delivered';
  data: {
    id: string;
  };
}
export interface MessageFailedPayload {
  event: 'message.failed';
  data: {
    id: string;
    failure_reason: string;
  };
}
/**
 * The payload is not shown in the spec; DESIGN §4 assumes data carries the message id and its new status.
 */
export interface MessageStatusUpdatedPayload {
  event: 'message.status.updated';
  data: {
    id: string;
    status: MessageStatus;
  };
}
/**
 * Emitted by the simulator when a virtual phone sends an incoming message.
 */
export interface MessageReceivedPayload {
  event: 'message.received';
  data: {
    id: string;
    to: string;
    from: string;
    message: string;
    /**
     * Outside the Message status enum (spec §2.1).
     */
    status: 'received';
    created_at: DateTime;
  };
}
/**
 * The synthetic payload of POST /v1/webhooks/{id}/test; its data is not shown in the spec.
 */
export interface TestWebhookPayload {
  event: 'test.webhook.sent';
  data: Record<string, unknown>;
}
