import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Authenticator } from './auth/authenticate.js';
import type { ReferenceContext } from './context.js';
import { FaultSet } from './faults/fault-set.js';
import { createApiListener } from './http/api-listener.js';
import { Router } from './http/router.js';
import { close, listen } from './listen.js';
import { IdempotencyStore } from './messages/idempotency.js';
import { MessageService } from './messages/message-service.js';
import { addMessageRoutes } from './messages/routes.js';
import type { ReferenceOptions } from './options.js';
import { resolveOptions } from './options.js';
import { Scheduler } from './scheduler.js';
import { createSimulatorApi } from './create-simulator-api.js';
import type { SimulatorApi } from './simulator-api.js';
import { Store } from './store.js';
import { stamp } from './variations.js';
import { createUiHandler } from './ui/index.js';
import { addUserRoute } from './user-route.js';
import { Dispatcher } from './webhooks/dispatcher.js';
import { addWebhookRoutes, newSigningSecret } from './webhooks/routes.js';

/** A running reference: its API origin (no /v1), the UI origin if any, the in-process API, and stop(). */
export interface ReferenceServer {
  url: string;
  port: number;
  uiUrl?: string;
  uiPort?: number;
  /** The in-process API for a web UI and tests (see SimulatorApi). */
  api: SimulatorApi;
  /** The secret signing deliveries to `webhookUrl` in simulator mode; keep it out of logs. */
  webhookSecret: string;
  /** Closes servers, clears timers and aborts deliveries; safe to call twice. */
  stop(): Promise<void>;
}

function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts the reference service (ARCHITECTURE.md: simulator/index.ts). */
export async function startReference(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const resolved = resolveOptions(options);
  const faults = new FaultSet(resolved.faults);
  const store = new Store();
  const scheduler = new Scheduler();
  const webhookSecret = resolved.webhookSecret ?? newSigningSecret();
  const dispatcher = new Dispatcher(store, scheduler, resolved, faults, webhookSecret);
  const ref: ReferenceContext = {
    options: resolved,
    faults,
    store,
    scheduler,
    dispatcher,
    messages: new MessageService(store, scheduler, resolved, faults, (event, data) => dispatcher.publish(event, data)),
    idempotency: new IdempotencyStore(resolved.clock, resolved.idempotencyTtlMs, faults.has('different-body-replayed')),
    workspaceId: randomUUID(),
    startedAt: stamp(resolved.variations, resolved.clock()),
  };
  const router = new Router();
  addMessageRoutes(router, ref);
  addWebhookRoutes(router, ref);
  addUserRoute(router, ref);
  const api = createSimulatorApi(ref);

  const servers: Server[] = [];
  const stop = async () => {
    scheduler.stop();
    await Promise.all([...servers.map(close), dispatcher.stop()]);
    store.removeAllListeners();
  };
  try {
    const apiServer = createServer(createApiListener(ref, router, new Authenticator(resolved, faults)));
    servers.push(apiServer);
    const port = await listen(apiServer, resolved.host, resolved.port, 'API');
    const server: ReferenceServer = { url: originOf(resolved.host, port), port, api, webhookSecret, stop };
    if (resolved.ui) {
      const uiServer = createServer((resolved.ui.handler ?? createUiHandler)(api));
      servers.push(uiServer);
      server.uiPort = await listen(uiServer, resolved.ui.host, resolved.ui.port, 'UI');
      server.uiUrl = originOf(resolved.ui.host, server.uiPort);
    }
    return server;
  } catch (err) {
    await stop();
    throw err;
  }
}
