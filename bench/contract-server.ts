import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const user = JSON.stringify({
  id: 'u_1',
  email: 'dev@example.com',
  name: 'Dev',
  workspace_id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a002',
  created_at: '2024-01-01T00:00:00Z',
});
const message = {
  id: 'm_1',
  to: '+14155550123',
  from: '+14155550100',
  message: 'hello from the benchmark, a message of an ordinary length',
  status: 'queued',
  direction: 'outbound',
  created_at: '2024-01-01T00:00:00Z',
};
/** The body every bench client sends to POST /v1/messages: the answer shows what it asked (MSG-SEND-ECHO, MSG-LIST-ECHO). */
export const benchSendBody = JSON.stringify({ to: message.to, from: message.from, message: message.message });
const sent = JSON.stringify(message);
let sends = 0;

/** A send's answer: the message asked for, with an id of its own (one per Idempotency-Key, so a replay shows the first). */
function sentAnswer(key: string | undefined): string {
  return JSON.stringify({ ...message, id: key === undefined ? `s_${++sends}` : `s_k_${key.slice(0, 100)}` });
}
const webhook = JSON.stringify({
  id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a001',
  workspace_id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a002',
  url: 'https://hooks.example.com/in',
  events: ['message.sent'],
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
});
const pages = new Map<number, string>();

/** A page of `limit` messages (1..100, spec §4.1): ~20 KB at 100, the size of answers that make grading work. */
function page(limit: number): string {
  let body = pages.get(limit);
  if (body === undefined) {
    const data = Array.from({ length: limit }, (_, i) => ({ ...message, id: `m_${i + 1}` }));
    body = JSON.stringify({ data, pagination: { page: 1, limit, total: 500, has_more: true } });
    pages.set(limit, body);
  }
  return body;
}

/** The header a bench client sets to have its answer held this many ms (the head-of-line test's slow requests). */
export const HOLD_HEADER = 'x-bench-hold-ms';

/** Options of the bench target. */
export interface ContractServerOptions {
  /** Closes a kept-alive connection idle this long, without a Keep-Alive header saying so (default: Node's 5 s, said). */
  readonly idleCloseMs?: number;
}

/** The bench target: its URL and stop(). */
export interface ContractServer {
  readonly url: string;
  readonly server: Server;
  stop(): Promise<void>;
}

/**
 * A bare node:http server answering fixed, contract-valid bodies (user, a message, pages of messages, a sent message,
 * webhook updates and deletes): the bench target, cheap enough that the proxy's own cost shows.
 */
export async function startContractServer(options: ContractServerOptions = {}): Promise<ContractServer> {
  const idle = new Map<Socket, NodeJS.Timeout>();
  const server = createServer((req, res) => {
    clearTimeout(idle.get(req.socket));
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://bench.invalid');
      const key = req.headers['idempotency-key'];
      const [status, body] = answer(req.method ?? 'GET', url, typeof key === 'string' ? key : undefined);
      const hold = Number(req.headers[HOLD_HEADER] ?? 0);
      const send = (): void => {
        res.writeHead(status, status === 204 ? {} : { 'content-type': 'application/json' });
        res.end(body);
      };
      if (hold > 0) setTimeout(send, hold);
      else send();
    });
    const { idleCloseMs } = options;
    if (idleCloseMs !== undefined) {
      // like a server with an idle timeout it does not announce (gunicorn, Go's IdleTimeout): the connection just closes
      res.on('finish', () =>
        idle.set(
          req.socket,
          setTimeout(() => req.socket.destroy(), idleCloseMs),
        ),
      );
    }
  });
  if (options.idleCloseMs !== undefined) server.keepAliveTimeout = 0; // no Keep-Alive: timeout=N header, no close of Node's own
  server.on('connection', (socket: Socket) => socket.on('close', () => (clearTimeout(idle.get(socket)), idle.delete(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of idle.values()) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answer(method: string, url: URL, key: string | undefined): [number, string] {
  const path = url.pathname;
  if (path === '/v1/user/me') return [200, user];
  if (path.startsWith('/v1/webhooks/')) return method === 'DELETE' ? [204, ''] : [200, webhook];
  if (method === 'POST') return [201, sentAnswer(key)];
  if (path.startsWith('/v1/messages/')) return [200, sent];
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 20) || 20));
  return [200, page(limit)];
}
