// Internal resource types of the reference (spec §2). The reference keeps its own types so it
// does not depend on spec/generated being present; they mirror the resources of the spec.

/** Operating modes: `production` (keys, tiers, auth, rate limit) or `simulator` (spec §8 Development simulator). */
export type ReferenceMode = 'production' | 'simulator';

/** Message status values (spec §2.1). */
export const MESSAGE_STATUSES = ['queued', 'pending', 'sent', 'delivered', 'failed'] as const;
/** Message status (spec §2.1). */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Message directions (spec §2.1). */
export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
/** Message direction (spec §2.1). */
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** Event kinds a webhook may subscribe to (spec §2.3, §6). */
export const WEBHOOK_EVENTS = ['message.sent', 'message.delivered', 'message.failed', 'message.status.updated'] as const;
/** A subscribable event kind. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every event the reference sends: subscribable kinds, the test event and the simulator's inbound event. */
export type EventKind = WebhookEvent | 'test.webhook.sent' | 'message.received';

/** Account tier of an API key (spec §1, §5.4). */
export type Tier = 'growth' | 'starter';

/** A Message resource (spec §2.1). */
export interface Message {
  id: string;
  to: string;
  from: string;
  message: string;
  status: MessageStatus;
  direction: MessageDirection;
  created_at: string;
  platform_message_id?: string;
}

/** A stored message: the resource plus what the reference keeps internally. */
export interface StoredMessage extends Message {
  seq: number;
  failure_reason?: string;
  metadata?: Record<string, unknown>;
}

/** A Webhook resource without its secret (spec §2.3). */
export interface Webhook {
  id: string;
  workspace_id: string;
  url: string;
  events: WebhookEvent[];
  created_at: string;
  updated_at: string;
}

/** A stored webhook: the resource plus its current signing secret. */
export interface StoredWebhook extends Webhook {
  signing_secret: string;
  seq: number;
  /** When its latest delivery attempt was recorded (variation extra-fields shows it). */
  last_delivery_at?: string;
}

/** A webhook delivery record, one per attempt (spec §2.4). */
export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  event: EventKind;
  status_code: number | null;
  response_body: string;
  delivered_at: string;
  test: boolean | null;
}

/** A webhook delivery payload (DESIGN §4: `{event, data}`). */
export interface EventPayload {
  event: EventKind;
  data: Record<string, unknown>;
}
