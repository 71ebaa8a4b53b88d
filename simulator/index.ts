/**
 * Public entry of the reference service (ARCHITECTURE.md "Layers and import directions": the harness enters only through here and targets/).
 *
 * For the virtual-phone UI engineer:
 * - Start with `startReference({ mode: 'simulator', webhookUrl, ui: { port: 4000, handler } })`, where
 *   `handler: (api: SimulatorApi) => RequestListener` builds the UI server's request listener
 *   (`cli/simulator/simulator.ts` passes it; until then a placeholder page is served).
 * - `api.listMessages({ number })` lists messages to or from a virtual phone, newest first.
 * - `api.on('message.created' | 'message.changed', m => …)` pushes new and changed messages (e.g. over
 *   SSE); `api.on('delivery', d => …)` reports each webhook attempt. Each returns its unsubscribe function.
 * - `api.sendInbound({ from, to?, message })` is a virtual phone texting the service: the message is
 *   stored as direction `inbound` (listed by GET /v1/messages) and `message.received` with status
 *   `received` goes to the configured webhook URL. `to` defaults to `api.sharedNumber`.
 */
export { startReference } from './start-reference.js';
export type { ReferenceServer } from './start-reference.js';
export type { KeyConfig, ReferenceOptions } from './options.js';
export type { SimulatorApi, UiHandlerFactory } from './simulator-api.js';
export type { ReferenceMode } from './types.js';
export type { StoreEvents } from './store.js';
export { faultCatalogue } from './faults/index.js';
export type { Fault, FaultId } from './faults/index.js';
export { ReferenceConfigError } from './errors.js';
export { SHARED_NUMBER, MESSAGE_MAX } from './messages/send-checks.js';
export { templateCatalogue } from './messages/templates.js';
export type { Template } from './messages/templates.js';
export { SIGNING_SECRET_WARNING } from './webhooks/webhook-service.js';
export { FAILURE_REASON } from './messages/message-service.js';
export type { DeliveryRecord, EventKind, EventPayload, Message, MessageDirection, MessageStatus, Tier, Webhook, WebhookEvent } from './types.js';
