import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { ClientRequest, OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { loopbackLookup } from '../targets/loopback.js';

/**
 * How long a kept-alive connection to the target may sit idle before the session closes it: below every common
 * server's own idle timeout (gunicorn 2 s; Node, Apache, uvicorn 5 s; puma 20 s; nginx 75 s), so the target never
 * closes a connection the session is about to reuse (a false 502). A shorter `Keep-Alive: timeout=N` the target
 * advertises wins (Node's agent keeps N - 1 s).
 */
export const upstreamIdleMs = 1_000;

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
  const open = secure ? httpsRequest : httpRequest;
  const hostname = origin.hostname.replace(/^\[|\]$/g, '');
  const base = {
    protocol: origin.protocol,
    hostname,
    port: origin.port || (secure ? 443 : 80),
    setHost: false,
    maxHeaderSize: maxHeadBytes,
    ...(hostname.toLowerCase() === 'localhost' ? { lookup: loopbackLookup } : {}),
  };
  return {
    host: origin.host,
    basePath: origin.pathname.replace(/\/+$/, ''),
    open: (method, path, headers, fresh) => open({ ...base, method, path, headers: headers as OutgoingHttpHeaders, agent: fresh ? false : agent }),
    close: () => agent.destroy(),
  };
}
