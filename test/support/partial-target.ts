import { request as httpRequest, createServer, Agent } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationOfRequest } from '../../suites/engine/operation-of-request.js';
import { referenceTarget } from '../../targets/index.js';
import { receiverPublicAddress, receiverPublicOrigin } from '../../targets/keys.js';
import type { ReferenceTargetOptions, TargetKeys, TargetStartContext } from '../../targets/index.js';

/**
 * A route the partial target does not implement: it answers 404 with a JSON error, as a server without the route does.
 * `path` is a RegExp tested on the URL path, or a pattern: exact, `{name}` matches one segment, and a trailing `/**`
 * matches the path itself and everything below it (e.g. `/v1/webhooks/**`). No `method`: every method.
 */
export interface MissingRoute {
  readonly method?: string;
  readonly path: string | RegExp;
}

/**
 * Request body fields the target names differently, per contract operation id: `{ <target's name>: <harness's name> }`.
 * `{ sendMessage: { body: 'message' } }` is a target that expects `body`: a harness request's `message` arrives
 * renamed to `body`, so the reference behind the proxy misses its `message` and answers 400.
 */
export type RenamedFields = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Options of startPartialTarget. */
export interface PartialTargetOptions {
  readonly missing?: readonly MissingRoute[];
  readonly rename?: RenamedFields;
  /** The reference behind the proxy (default: simulator mode: any key accepted, spec §8; the harness's webhook host resolves). */
  readonly reference?: ReferenceTargetOptions;
  /** Passed to the reference's start (e.g. the receiver's routing). */
  readonly start?: TargetStartContext;
}

/** A running partial target: test it as a URL target at baseUrl. */
export interface PartialTarget {
  /** http://127.0.0.1:<port> of the proxy (the API origin, without /v1). */
  readonly baseUrl: string;
  /** The reference's keys (growth, starter, rateLimit, unknown): valid behind the proxy too. */
  readonly keys: TargetKeys;
  /** Requests the proxy answered 404 itself (missing routes), and requests it forwarded. */
  readonly counts: { readonly missing: number; readonly forwarded: number };
  /** Stops the proxy and the reference. */
  stop(): Promise<void>;
}

const maxBodyBytes = 4 * 1024 * 1024;

/**
 * Starts the embedded reference behind a real loopback HTTP proxy that makes it a partial implementation of the API
 * (DESIGN.md §3 "Test whatever exists"): routes it answers 404 to, and request fields it names differently.
 */
export async function startPartialTarget(options: PartialTargetOptions = {}): Promise<PartialTarget> {
  // the harness's webhook host resolves to a public address, so webhooks register (DESIGN.md: the reference never
  // queries DNS); without options.start.receiver, deliveries stay on the egress guard and are recorded as failed
  const hosts = { [new URL(receiverPublicOrigin).hostname]: [receiverPublicAddress] };
  const reference = referenceTarget({ mode: 'simulator', ...options.reference, extra: { hosts, ...options.reference?.extra } });
  await reference.start(options.start ?? {});
  const upstream = new URL(reference.baseUrl);
  const agent = new Agent({ keepAlive: true });
  const missing = (options.missing ?? []).map((route) => ({ method: route.method?.toUpperCase(), test: pathTester(route.path) }));
  const counts = { missing: 0, forwarded: 0 };
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'proxy_error', message: (error as Error).message }));
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const path = new URL(url, 'http://proxy.invalid').pathname;
    const body = await readBody(req);
    if (missing.some((route) => (route.method === undefined || route.method === method) && route.test(path))) {
      counts.missing += 1;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not_found', message: `Cannot ${method} ${path}` }));
      return;
    }
    counts.forwarded += 1;
    const operation = operationOfRequest(method, url);
    const renames = operation === undefined ? undefined : options.rename?.[operation];
    const sent = renames === undefined ? body : renameFields(body, renames);
    const headers = { ...req.headers, host: upstream.host };
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    const forwarded = httpRequest({
      host: upstream.hostname,
      port: upstream.port,
      method,
      path: url,
      agent,
      headers: { ...headers, 'content-length': String(sent.length) },
    });
    await new Promise<void>((resolve, reject) => {
      forwarded.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', reject);
      });
      forwarded.on('error', reject);
      forwarded.end(sent);
    });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new Error(`request body over ${maxBodyBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Renames top-level fields of a JSON object body (the harness's name to the target's); anything else passes as is. */
function renameFields(body: Buffer, renames: Readonly<Record<string, string>>): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const object = { ...(parsed as Record<string, unknown>) };
  for (const [targetName, harnessName] of Object.entries(renames)) {
    if (!(harnessName in object)) continue;
    object[targetName] = object[harnessName];
    delete object[harnessName];
  }
  return Buffer.from(JSON.stringify(object), 'utf8');
}
