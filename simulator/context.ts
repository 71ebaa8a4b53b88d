import type { Authenticator } from './auth/authenticate.js';
import type { FaultSet } from './faults/fault-set.js';
import type { Api } from './http/api.js';
import type { ApiRoute, Operations } from './http/api-routes.js';
import type { IdempotencyStore } from './messages/idempotency.js';
import type { MessageListing } from './messages/listing.js';
import type { MessageService } from './messages/message-service.js';
import type { SendChecks } from './messages/send-checks.js';
import type { SendSteps } from './messages/send-steps.js';
import type { ResolvedOptions } from './options.js';
import type { Scheduler } from './scheduler.js';
import type { Store } from './store.js';
import type { Dispatcher } from './webhooks/dispatcher.js';
import type { WebhookService } from './webhooks/webhook-service.js';

/**
 * One reference instance: its settings and state, and the parts it is assembled from. Faults and variations are applied
 * to it from outside before it serves (simulator/around.ts): they wrap its parts' public functions, or change the routes.
 */
export interface ReferenceContext {
  options: ResolvedOptions;
  faults: FaultSet;
  store: Store;
  scheduler: Scheduler;
  auth: Authenticator;
  api: Api;
  /** Where each operation is served; the router is made from them once faults and variations are applied. */
  routes: ApiRoute[];
  operations: Operations;
  messages: MessageService;
  /** The body rules of the send operations, the steps around their message, the steps of the message list. */
  sendChecks: SendChecks;
  sendSteps: SendSteps;
  listing: MessageListing;
  dispatcher: Dispatcher;
  webhooks: WebhookService;
  idempotency: IdempotencyStore;
  workspaceId: string;
  startedAt: string;
}
