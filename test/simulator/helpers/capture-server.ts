import { createServer as createHttp } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { IncomingMessage, ServerResponse, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the capture server received. */
export interface Captured {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  json: unknown;
}

/** How the capture server answers a request: status and body text. */
export type Answer = (req: Captured, index: number) => { status: number; body?: string };

/** A tiny loopback webhook endpoint for the reference's tests (the real receiver is another layer). */
export interface CaptureServer {
  origin: string;
  requests: Captured[];
  answer: Answer;
  /** Connections accepted so far, and how many of them are still open. */
  connections: { accepted: number; open: number };
  waitFor(predicate: (all: Captured[]) => boolean, timeoutMs?: number): Promise<Captured[]>;
  stop(): Promise<void>;
}

/** Starts a capture server on 127.0.0.1 (HTTPS when given a key and certificate). */
export async function startCapture(tls?: { key: string; cert: string }): Promise<CaptureServer> {
  const requests: Captured[] = [];
  const state: CaptureServer = {
    origin: '',
    requests,
    answer: () => ({ status: 200, body: 'ok' }),
    connections: { accepted: 0, open: 0 },
    waitFor: (predicate, timeoutMs = 3000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          if (predicate(requests)) return resolve(requests);
          if (Date.now() - started > timeoutMs) return reject(new Error(`capture: condition not met in ${timeoutMs} ms (${requests.length} requests)`));
          setTimeout(poll, 5);
        };
        poll();
      }),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: unknown = null;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = null;
      }
      const captured: Captured = { path: req.url ?? '', headers: req.headers, raw, json };
      requests.push(captured);
      const { status, body = '' } = state.answer(captured, requests.length - 1);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(body);
    });
  };
  const server: Server = tls ? createHttps(tls, listener) : createHttp(listener);
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    state.connections.accepted++;
    state.connections.open++;
    socket.once('close', () => state.connections.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
