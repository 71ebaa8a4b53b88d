import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { isIP } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { ReceiverError } from './errors.js';
import type { TlsMaterial } from './tls-certificate.js';

/** Settings of the two listening servers. */
export interface LoopbackServerOptions {
  host: string;
  httpPort: number;
  httpsPort: number;
  tls: TlsMaterial;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  handler(transport: 'http' | 'https'): RequestListener<typeof IncomingMessage, typeof ServerResponse>;
}

/** A hardened HTTP + HTTPS server pair bound to loopback. */
export interface LoopbackServers {
  httpPort: number;
  httpsPort: number;
  counters: { clientErrors: number; tlsErrors: number };
  close(): Promise<void>;
}

/** Throws `not_loopback` unless `host` is a 127.0.0.0/8 or ::1 literal (DESIGN.md §5: loopback only, no DNS). */
export function assertLoopback(host: string): void {
  const loopback = (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
  if (!loopback) throw new ReceiverError('not_loopback', `receiver host "${host}" is not a loopback address; use 127.0.0.1 or ::1`);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Starts both servers with timeouts and error handling that keep a misbehaving client from hurting the receiver. */
export async function startLoopbackServers(options: LoopbackServerOptions): Promise<LoopbackServers> {
  assertLoopback(options.host);
  const sockets = new Set<Socket>();
  const counters = { clientErrors: 0, tlsErrors: 0 };
  const serverOptions = {
    headersTimeout: options.headersTimeoutMs,
    requestTimeout: options.requestTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs,
    // Node enforces those timeouts only when this check runs; keep it well under the shortest one.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(options.headersTimeoutMs / 4))),
  };
  const httpServer = createHttpServer(serverOptions, options.handler('http'));
  const httpsServer = createHttpsServer({ ...serverOptions, key: options.tls.key, cert: options.tls.cert }, options.handler('https'));
  for (const server of [httpServer, httpsServer]) {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    // Malformed requests, slow clients and resets must never crash the receiver.
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      counters.clientErrors++;
      if (!socket.writable || error.code === 'ECONNRESET') {
        socket.destroy();
        return;
      }
      const line = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
      socket.once('finish', () => socket.destroy());
      socket.end(`HTTP/1.1 ${line}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    });
  }
  httpsServer.on('tlsClientError', () => counters.tlsErrors++);

  const httpPort = await listen(httpServer, options.httpPort, options.host);
  const httpsPort = await listen(httpsServer, options.httpsPort, options.host).catch(async (error: unknown) => {
    await closeServer(httpServer);
    throw error;
  });
  return {
    httpPort,
    httpsPort,
    counters,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(httpServer), closeServer(httpsServer)]);
    },
  };
}
