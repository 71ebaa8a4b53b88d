import { request as httpRequest, createServer, Agent } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationOfRequest } from '../../suites/engine/operation-of-request.js';
import { referenceTarget } from '../../targets/index.js';
import { receiverPublicAddress, receiverPublicOrigin } from '../../targets/keys.js';
import type { ReferenceTargetOptions, TargetKeys, TargetStartContext } from '../../targets/index.js';
import { targetAnswerBody, targetRequestBody } from './partial-target-dialect.js';
import type { PartialDialect } from './partial-target-dialect.js';

export type { PartialDialect } from './partial-target-dialect.js';

/**
 * A route the partial target does not implement: it answers 404 with a JSON error, as a server without the route does.
 * `path` is a RegExp tested on the URL path, or a pattern: exact, `{name}` matches one segment, and a trailing `/**`
 * matches the path itself and everything below it (e.g. `/v1/webhooks/**`). No `method`: every method.
 */
export interface MissingRoute {
  readonly method?: string;
  readonly path: string | RegExp;
}

/** Options of startPartialTarget. */
export interface PartialTargetOptions {
  readonly missing?: readonly MissingRoute[];
  /** How the target names things: fields, its list envelope, its error bodies (see PartialDialect). */
  readonly dialect?: PartialDialect;
  /** Valid query values the target refuses with 400 anyway, by parameter: `{ status: ['pending'] }`. */
  readonly refusedQuery?: Readonly<Record<string, readonly string[]>>;
  /** The reference behind the proxy (default: simulator mode: any key accepted, spec §8; the harness's webhook host resolves). */
  readonly reference?: ReferenceTargetOptions;
  /** Passed to the reference's start (e.g. the receiver's routing). */
  readonly start?: TargetStartContext;
  /** The proxy's port (default: a free one). */
  readonly port?: number;
  /** A slow target: every request waits this long before it is forwarded (default 0). */
  readonly delayMs?: number;
}

/** A running partial target: test it as a URL target at baseUrl. */
export interface PartialTarget {
  /** http://127.0.0.1:<port> of the proxy (the API origin, without /v1). */
  readonly baseUrl: string;
  /** The reference's keys (growth, starter, rateLimit, unknown): valid behind the proxy too. */
  readonly keys: TargetKeys;
  /** Requests the proxy answered itself (missing routes, refused values), and requests it forwarded. */
  readonly counts: { readonly missing: number; readonly refused: number; readonly forwarded: number };
  /** Stops the proxy and the reference. */
  stop(): Promise<void>;
}

const maxBodyBytes = 4 * 1024 * 1024;

/**
 * Starts the embedded reference behind a real loopback HTTP proxy that makes it a partial implementation of the API,
 * as a third-party simulator is (DESIGN.md §3 "Test whatever exists", "Dialects"): routes it answers 404 to, names
 * of its own in requests and answers, valid values it refuses; a delay makes it a slow target.
 */
export async function startPartialTarget(options: PartialTargetOptions = {}): Promise<PartialTarget> {
  // the harness's webhook host resolves to a public address, so webhooks register (DESIGN.md: the reference never
  // queries DNS); without options.start.receiver, deliveries stay on the egress guard and are recorded as failed
  const hosts = { [new URL(receiverPublicOrigin).hostname]: [receiverPublicAddress] };
  const reference = referenceTarget({ mode: 'simulator', ...options.reference, extra: { hosts, ...options.reference?.extra } });
  await reference.start(options.start ?? {});
  const upstream = new URL(reference.baseUrl);
  // an idle socket is dropped after 1 s, well before the reference's server closes it (Node's keepAliveTimeout, 5 s):
  // reusing one the server was closing answered a send 502 "socket hang up" on a loaded machine (issue 34)
  const agent = new Agent({ keepAlive: true, timeout: 1_000 });
  const missing = (options.missing ?? []).map((route) => ({ method: route.method?.toUpperCase(), test: pathTester(route.path) }));
  const dialect = options.dialect ?? {};
  const counts = { missing: 0, refused: 0, forwarded: 0 };
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'proxy_error', message: (error as Error).message }));
    });
  });
  const answer = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const parsed = new URL(url, 'http://proxy.invalid');
    const body = await readBody(req);
    if (missing.some((route) => (route.method === undefined || route.method === method) && route.test(parsed.pathname))) {
      counts.missing += 1;
      return answer(res, 404, { error: 'not_found', message: `Cannot ${method} ${parsed.pathname}` });
    }
    for (const [name, values] of Object.entries(options.refusedQuery ?? {})) {
      const given = parsed.searchParams.get(name);
      if (given === null || !values.includes(given)) continue;
      counts.refused += 1;
      return answer(res, 400, { error: 'Invalid request data', details: [{ field: name, message: `${name} must not be ${given}` }] });
    }
    counts.forwarded += 1;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const operation = operationOfRequest(method, url);
    const sent = targetRequestBody(body, dialect);
    const upstreamAnswer = await forward(upstream, agent, { method, url, headers: req.headers, body: sent });
    const rewritten = targetAnswerBody(upstreamAnswer.status, upstreamAnswer.body, operation, dialect);
    const headers = { ...upstreamAnswer.headers, 'content-length': String(rewritten.length) };
    delete headers['transfer-encoding'];
    res.writeHead(upstreamAnswer.status, headers);
    res.end(rewritten);
  };
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    keys: reference.keys,
    counts,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      await reference.stop();
    },
  };
}

interface Forwarded {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

async function forward(upstream: URL, agent: Agent, request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }): Promise<Forwarded> {
  const headers = { ...request.headers, host: upstream.host, 'content-length': String(request.body.length) };
  delete headers['transfer-encoding'];
  const sent = httpRequest({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, agent, headers });
  return new Promise<Forwarded>((resolve, reject) => {
    sent.on('response', (answer) => {
      void readBody(answer).then((body) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body }), reject);
    });
    sent.on('error', reject);
    sent.end(request.body);
  });
}

function pathTester(pattern: string | RegExp): (path: string) => boolean {
  if (pattern instanceof RegExp) return (path) => pattern.test(path);
  const below = pattern.endsWith('/**');
  const base = below ? pattern.slice(0, -3) : pattern;
  const escaped = base
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const regex = new RegExp(`^${escaped}${below ? '(?:/.*)?' : ''}/?$`);
  return (path) => regex.test(path);
}

async function readBody(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new Error(`body over ${maxBodyBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
