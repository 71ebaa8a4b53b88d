import { createServer, ServerResponse } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { TunnelEnd } from './upgrade-tunnel.js';
import { closeServer, listenLoopback } from './loopback-listen.js';
import { madeUpRawAnswer } from './made-up-answer.js';
import type { AnswerMark } from './made-up-answer.js';
import { maxHeadBytes } from './upstream.js';

/** A passive session's server: listen on loopback, close (exchanges in flight get `graceMs`, then everything is cut). */
export interface PassiveServer {
  readonly server: Server;
  listen(host: string | undefined, port: number): Promise<string>;
  close(graceMs: number): Promise<void>;
}

/** Handles one exchange; `tunnel` is set for an Upgrade request, whose answer goes out on the raw connection. */
export type ExchangeHandler = (req: IncomingMessage, res: ServerResponse, tunnel?: TunnelEnd) => void;

/**
 * Idle time of a client's kept-alive connection to the session: above the idle timeouts of common clients and load
 * balancers (Node and undici 4-5 s, AWS ALB 60 s), so a client never reuses a connection the session is closing.
 */
const clientIdleMs = 65_000;

/**
 * Client connections at once: two file descriptors each (the client's and the target's), within the process's soft
 * limit with room to spare, at most 10,000. What bounds the session's resources is this and the capture budget, not
 * a pool one class of slow requests could exhaust (issue 26).
 */
export function connectionLimit(limitsText = readLimits()): number {
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limitsText);
  const soft = match === null || match[1] === 'unlimited' ? Infinity : Number(match[1]);
  return Math.max(64, Math.min(10_000, Math.floor((soft - 128) / 2)));
}

function readLimits(): string {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return '';
  }
}

/** The marked answer to a request the HTTP parser refused, with the reason (null: nothing to answer, the peer is gone). */
function refusalOf(code: string | undefined): [number, string] | null {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [
      431,
      `the request head is over ${maxHeadBytes} bytes, the session's limit (Go net/http's default, the largest of common servers); it was not forwarded`,
    ];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'the request head did not arrive within 60 s; it was not forwarded'];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'the chunk extensions are over 16 KiB; the request was not forwarded'];
  if (code?.startsWith('HPE_')) return [400, `the request is not valid HTTP/1.1 (${code}); it was not forwarded`];
  return null;
}

/**
 * The loopback HTTP server of a passive session (proxy or forwarder): heads up to {@link maxHeadBytes}, bodies as
 * slow as the client sends them, Upgrade requests handed over with their raw connection, and every answer the
 * server itself gives (a head it cannot parse, a CONNECT) marked as the session's own and counted via `refused`.
 */
export function passiveServer(mark: AnswerMark, handle: ExchangeHandler, refused: (why: string) => void): PassiveServer {
  const server = createServer(
    { maxHeaderSize: maxHeadBytes, requestTimeout: 0, headersTimeout: 60_000, keepAliveTimeout: clientIdleMs, noDelay: true },
    (req, res) => handle(req, res),
  );
  server.maxConnections = connectionLimit();
  const tunnels = new Set<Socket>();
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    const refusal = refusalOf(error.code);
    // Node's own rule: answer only on a connection that has sent nothing yet (not in the middle of an answer)
    if (refusal === null || !socket.writable || socket.bytesWritten > 0) return void socket.destroy();
    refused(`refused by the ${mark.kind} (${refusal[0]})`);
    madeUpRawAnswer(socket, mark, refusal[0], refusal[1]);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // an answer other than 101 goes out on the raw connection, which then closes (its parser is gone)
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.on('finish', () => socket.end());
    socket.on('error', () => socket.destroy());
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    handle(req, res, { socket, head });
  });
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    refused(`refused by the ${mark.kind} (CONNECT)`);
    madeUpRawAnswer(socket, mark, 501, `CONNECT is not forwarded: the ${mark.kind} passes requests to its ${mark.peer}, it is not a forward proxy`);
  });
  return {
    server,
    listen: (host, port) => listenLoopback(server, host, port),
    close: (graceMs) => closeServer(server, graceMs, tunnels),
  };
}
