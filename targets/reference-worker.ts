// Worker-thread entry of the embedded reference (targets/reference-thread.ts starts it): the reference services and
// their webhook dispatchers run on this thread's event loop, so the harness's checks and the references do not share
// one thread. One worker hosts every reference of the process (each its own startReference: own store, faults, port).
import { parentPort } from 'node:worker_threads';
import { startReference } from '../simulator/index.js';
import type { ReferenceOptions, ReferenceServer } from '../simulator/index.js';

/** A request from the harness to the reference worker. */
export type ReferenceWorkerRequest = { type: 'start'; id: number; options: ReferenceOptions } | { type: 'stop'; id: number };

/** An answer of the reference worker, by the id of the reference it concerns. */
export type ReferenceWorkerAnswer =
  { type: 'ready'; id: number; url: string; uiUrl?: string } | { type: 'failed'; id: number; message: string } | { type: 'stopped'; id: number };

const port = parentPort;
if (!port) throw new Error('targets/reference-worker runs only as a worker thread: start it with startReferenceThread().');

const running = new Map<number, ReferenceServer>();
const answer = (message: ReferenceWorkerAnswer): void => port.postMessage(message);

port.on('message', (request: ReferenceWorkerRequest) => {
  if (request.type === 'start') {
    startReference(request.options).then(
      (server) => {
        running.set(request.id, server);
        answer({ type: 'ready', id: request.id, url: server.url, ...(server.uiUrl === undefined ? {} : { uiUrl: server.uiUrl }) });
      },
      (error: Error) => answer({ type: 'failed', id: request.id, message: error.message }),
    );
  } else if (request.type === 'stop') {
    const server = running.get(request.id);
    running.delete(request.id);
    // stop() closes servers and connections, clears timers and aborts deliveries (simulator/start-reference.ts)
    void (server?.stop() ?? Promise.resolve()).finally(() => answer({ type: 'stopped', id: request.id }));
  }
});
