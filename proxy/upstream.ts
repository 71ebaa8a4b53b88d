import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { ClientRequest, OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { loopbackLookup } from '../targets/loopback.js';

/**
 * How long a kept-alive connection to the target may sit idle before the session closes it: below every common
 * server's own idle timeout (gunicorn 2 s; Node, Apache, uvicorn 5 s; puma 20 s; nginx 75 s), so the target never
 * closes a connection the session is about to reuse (a false 502). A shorter `Keep-Alive: timeout=N` the target
 * advertises wins (Node's agent keeps N - 1 s), and so does a shorter limit the target keeps without saying so,
 * once the session has seen it close an idle connection (learnIdleLimit).
 */
export const upstreamIdleMs = 1_000;

/**
 * Makes the agent learn an idle limit the target does not announce: when the target closes a pooled connection that
 * sat idle t ms, later connections are closed by the session after 0.8 t (at least 50 ms), before the target does.
 * A request that raced such a close can be retried only when it is safe to (retry-policy.ts); a POST without a key
 * cannot, so not racing is what keeps it from a false 502 (issue 26: a target closing idle connections after 500 ms
 * made 4 of 720 such POSTs fail before this).
 */
// when a pooled connection was freed (null: in use again; undefined: never pooled); a property, not a WeakMap entry:
// set and cleared once per request (issue 26 profile)
const freedAt = Symbol('freedAt');
type Pooled = Socket & { [freedAt]?: number | null };

function learnIdleLimit(agent: HttpAgent): void {
  let idleMs = upstreamIdleMs;
  function closedByPeer(this: Duplex): void {
    const since = (this as Pooled)[freedAt];
    if (since === undefined || since === null) return;
    const now = Date.now();
    const learned = Math.max(50, Math.min(idleMs, Math.floor(0.8 * (now - since))));
    if (learned === idleMs) return;
    idleMs = learned;
    // the connections already waiting in the pool were kept for the old limit: they go now, or at the new one
    for (const pool of Object.values(agent.freeSockets)) {
      for (const socket of pool ?? []) {
        const idle = now - ((socket as Pooled)[freedAt] ?? now);
        if (idle >= idleMs) socket.destroy();
        else socket.setTimeout(idleMs - idle);
      }
    }
  }
  const keep = agent.keepSocketAlive.bind(agent) as unknown as (socket: Duplex) => boolean;
  const reuse = agent.reuseSocket.bind(agent);
  (agent as unknown as { keepSocketAlive: (socket: Duplex) => boolean }).keepSocketAlive = (socket) => {
    if (!keep(socket)) return false;
    const pooled = socket as Pooled;
    if (pooled.timeout === undefined || pooled.timeout > idleMs) pooled.setTimeout(idleMs);
    // one listener for the connection's life (it ends once), not one added and removed per request (issue 26 profile)
    if (pooled[freedAt] === undefined) socket.once('end', closedByPeer);
    pooled[freedAt] = Date.now();
    return true;
  };
  agent.reuseSocket = (socket, request) => {
    // in use again: an end from now on is not the close of an idle connection
    (socket as Pooled)[freedAt] = null;
    reuse(socket, request);
  };
}

/** The largest request or answer head (request line or status line plus headers) the sessions parse. */
export const maxHeadBytes = 1024 * 1024;

/** Opens requests to one origin (the proxy's target, the forwarder's endpoint) over kept-alive connections. */
export interface Upstream {
  /** The Host header the origin expects. */
  readonly host: string;
  /** The base path requests go under ('' or e.g. /api). */
  readonly basePath: string;
  /** A request on a pooled connection, or on a fresh one (a retry after a reused connection failed). */
  open(method: string, path: string, headers: OutgoingHttpHeaders | readonly string[], fresh: boolean): ClientRequest;
  /** Closes every connection. */
  close(): void;
}

/**
 * The upstream of an origin URL: no cap on connections (issue 26: a cap of 256 let one class of slow requests hold
 * every socket and stall the rest; what bounds them now is the server's connection limit, one upstream connection
 * per client connection at most), idle connections closed after {@link upstreamIdleMs}, and `localhost` resolved
 * without DNS. Heads up to {@link maxHeadBytes} are read.
 */
export function upstreamOf(origin: URL): Upstream {
  const secure = origin.protocol === 'https:';
  const options = { keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256, timeout: upstreamIdleMs, scheduling: 'lifo' as const };
  const agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
  learnIdleLimit(agent);
  const open = secure ? httpsRequest : httpRequest;
  const hostname = origin.hostname.replace(/^\[|\]$/g, '');
  const { protocol } = origin;
  const port = origin.port || (secure ? 443 : 80);
  const lookup = hostname.toLowerCase() === 'localhost' ? loopbackLookup : undefined;
  return {
    host: origin.host,
    basePath: origin.pathname.replace(/\/+$/, ''),
    // one literal of one shape per request, no spread (issue 26 profile: the spread cost ~5 µs a request)
    open: (method, path, headers, fresh) =>
      open({
        protocol,
        hostname,
        port,
        setHost: false,
        maxHeaderSize: maxHeadBytes,
        lookup,
        method,
        path,
        headers: headers as OutgoingHttpHeaders,
        agent: fresh ? false : agent,
      }),
    close: () => agent.destroy(),
  };
}
