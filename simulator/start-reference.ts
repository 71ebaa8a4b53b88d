import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createApiListener } from './http/api-listener.js';
import { close, listen } from './listen.js';
import type { ReferenceOptions } from './options.js';
import { resolveOptions } from './options.js';
import { createSimulatorApi } from './create-simulator-api.js';
import type { SimulatorApi } from './simulator-api.js';
import { createUiHandler } from './ui/index.js';
import { newSigningSecret } from './webhooks/webhook-service.js';
import { assembleReference } from './assemble.js';

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
  const webhookSecret = resolved.webhookSecret ?? newSigningSecret();
  const ref = assembleReference(resolved, webhookSecret);
  const { scheduler, dispatcher, store } = ref;
  const api = createSimulatorApi(ref);

  const servers: Server[] = [];
  const stop = async () => {
    scheduler.stop();
    await Promise.all([...servers.map(close), dispatcher.stop()]);
    store.removeAllListeners();
  };
  try {
    const apiServer = createServer(createApiListener(ref.api, resolved.variations));
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
