import { randomUUID } from 'node:crypto';
import { Authenticator } from './auth/authenticate.js';
import type { ReferenceContext } from './context.js';
import { applyFaults } from './faults/apply-faults.js';
import { FaultSet } from './faults/fault-set.js';
import { Api } from './http/api.js';
import { apiRoutes } from './http/api-routes.js';
import type { Operations } from './http/api-routes.js';
import { IdempotencyStore } from './messages/idempotency.js';
import { MessageListing } from './messages/listing.js';
import { MessageService } from './messages/message-service.js';
import { messageOperations } from './messages/routes.js';
import { SendChecks } from './messages/send-checks.js';
import { SendSteps } from './messages/send-steps.js';
import type { ResolvedOptions } from './options.js';
import { Scheduler } from './scheduler.js';
import { Store } from './store.js';
import { userOperations } from './user-route.js';
import { stamp } from './variations.js';
import { Dispatcher } from './webhooks/dispatcher.js';
import { webhookOperations } from './webhooks/routes.js';
import { WebhookService } from './webhooks/webhook-service.js';

/**
 * Assembles one reference from its parts, applies the faults switched on to them from outside (simulator/faults/), then
 * routes each operation. Nothing listens yet.
 */
export function assembleReference(options: ResolvedOptions, webhookSecret: string): ReferenceContext {
  const faults = new FaultSet(options.faults);
  const store = new Store();
  const scheduler = new Scheduler();
  const auth = new Authenticator(options);
  const dispatcher = new Dispatcher(store, scheduler, options, faults, webhookSecret);
  const workspaceId = randomUUID();
  const ref: ReferenceContext = {
    options,
    faults,
    store,
    scheduler,
    auth,
    api: new Api({ auth, options }),
    routes: apiRoutes(),
    operations: {} as Operations,
    dispatcher,
    webhooks: new WebhookService(store, options, workspaceId, faults),
    messages: new MessageService(store, scheduler, options, (event, data) => dispatcher.publish(event, data)),
    sendChecks: new SendChecks(options.templates),
    sendSteps: new SendSteps(options, scheduler),
    listing: new MessageListing(store, options),
    idempotency: new IdempotencyStore(options.clock, options.idempotencyTtlMs),
    workspaceId,
    startedAt: stamp(options.variations, options.clock()),
  };
  Object.assign(ref.operations, messageOperations(ref), webhookOperations(ref), userOperations(ref));
  applyFaults(ref);
  // each route calls its operation as it is now, wrappers included
  for (const route of ref.routes) ref.api.router.add(route.method, route.path, (req) => ref.operations[route.operation](req));
  return ref;
}
