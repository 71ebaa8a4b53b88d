import type { FaultSet } from './faults/fault-set.js';
import type { IdempotencyStore } from './messages/idempotency.js';
import type { MessageService } from './messages/message-service.js';
import type { ResolvedOptions } from './options.js';
import type { Scheduler } from './scheduler.js';
import type { Store } from './store.js';
import type { Dispatcher } from './webhooks/dispatcher.js';

/** Everything the route handlers of one reference instance share. */
export interface ReferenceContext {
  options: ResolvedOptions;
  faults: FaultSet;
  store: Store;
  scheduler: Scheduler;
  messages: MessageService;
  dispatcher: Dispatcher;
  idempotency: IdempotencyStore;
  workspaceId: string;
  startedAt: string;
}
