import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulatorApi } from '../simulator-api.js';
import type { UiState } from './ui-state.js';
import { toDeliveryView } from './ui-state.js';

/** Interval of the SSE comment line that keeps idle proxies and browsers from dropping the stream. */
export const HEARTBEAT_MS = 15_000;

/**
 * Serves one Server-Sent Events stream: `message` events ({kind: created|changed, message}) and
 * `delivery` events. Everything it holds (store listeners, the heartbeat timer) is released when
 * the connection closes, which stop() forces by closing every connection of the UI server.
 */
export function openEventStream(api: SimulatorApi, state: UiState, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  res.write('retry: 2000\n\n');
  const offs = [
    api.on('message.created', (m) => send('message', { kind: 'created', message: state.view(m) })),
    api.on('message.changed', (m) => send('message', { kind: 'changed', message: state.view(m) })),
    api.on('delivery', (d) => send('delivery', toDeliveryView(d))),
  ];
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let closed = false;
  const release = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const off of offs) off();
  };
  req.on('close', release);
  res.on('close', release);
  send('ready', { at: new Date().toISOString() });
}
