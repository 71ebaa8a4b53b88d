// Loopback targets and a raw client for the proxy's forwarding tests: what goes in and out, byte for byte.
import { createServer, request } from 'node:http';
import type { Agent } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A loopback target running `handle`; stop() cuts every connection. */
export async function startTarget(
  handle: RequestListener,
  options: { maxHeaderSize?: number } = {},
): Promise<{ url: string; server: Server; stop(): Promise<void> }> {
  const server = createServer({ maxHeaderSize: options.maxHeaderSize ?? 16 * 1024 }, handle);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** What a raw exchange came back with. */
export interface RawAnswer {
  readonly status: number;
  readonly rawHeaders: string[];
  readonly body: Buffer;
  readonly rawTrailers: string[];
}

/** Options of one raw request. */
export interface RawRequest {
  readonly method?: string;
  readonly headers?: string[];
  readonly body?: Buffer | string;
  /** Trailer fields to send after a chunked body. */
  readonly trailers?: [string, string][];
  readonly agent?: Agent | false;
  /** The largest answer head the client reads (Node's default is 16 KiB). */
  readonly maxHeaderSize?: number;
}

/** One request with raw header lines (a Host line added when they have none); resolves with the answer (or rejects on a connection error). */
export function rawExchange(url: string, options: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = options.headers ?? [];
    const withHost = headerOf(headers, 'host') === undefined ? ['Host', new URL(url).host, ...headers] : headers;
    const settings = { method: options.method ?? 'GET', headers: withHost, agent: options.agent ?? false, maxHeaderSize: options.maxHeaderSize ?? 16 * 1024 };
    const req = request(url, settings, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks), rawTrailers: res.rawTrailers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.trailers !== undefined) req.addTrailers(options.trailers);
    req.end(options.body);
  });
}

/** A header's value among raw header lines (case-insensitive), or undefined. */
export function headerOf(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) if ((raw[i] as string).toLowerCase() === name.toLowerCase()) return raw[i + 1];
  return undefined;
}

/** Reads a request's whole body. */
export function bodyOf(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Answers a JSON body. */
export function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}
