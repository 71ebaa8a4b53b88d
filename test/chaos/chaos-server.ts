import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { controlModes, hostileAnswer, hostileModes } from './hostile-answers.js';
import type { HostileMode } from './hostile-answers.js';

/** Behaviours selected by path: the base URL is http://127.0.0.1:<port>/<mode>[/g<n>]. */
export const pathModes = [
  'non-json',
  'truncated-json',
  'huge-body',
  'invalid-utf8',
  'wrong-content-type',
  'missing-content-type',
  'slow-drip',
  'reset-mid-body',
  'delay',
  'redirect-loop',
  'redirect-other-host',
  'redirect-non-local',
  'storm-5xx',
  'duplicate-headers',
  ...hostileModes,
  ...controlModes,
] as const;

/** Behaviours selected by port (they need the raw socket): each has a server of its own. */
export const portModes = ['http10', 'conflicting-length', 'tls-garbage', 'black-hole', 'close-on-accept', 'header-flood'] as const;

export type PathMode = (typeof pathModes)[number];
export type PortMode = (typeof portModes)[number];

/** The chaos target: loopback servers misbehaving on purpose, for the harness's own tests. */
export interface ChaosServer {
  /** Base URL of a path mode; `afterGate`: GET /v1/user/me answers healthy twice (the reachability probe and the connection check), then chaos. */
  url(mode: PathMode, options?: { afterGate?: boolean }): string;
  /** Base URL of a port mode (https for tls-garbage). */
  portUrl(mode: PortMode): string;
  /** Requests the "other host" of redirect-other-host received (it must stay 0: redirects are never followed). */
  readonly otherHostHits: () => number;
  close(): Promise<void>;
}

const user = JSON.stringify({
  id: 'usr_1',
  email: 'dev@example.com',
  name: 'Dev',
  workspace_id: '0b0f1f4e-8d5c-4b8e-9a51-3f7f2b3c9d10',
  created_at: '2025-01-01T00:00:00Z',
});

/** Starts every chaos server on loopback (port 0); close() ends all timers and sockets. */
export async function startChaosServer(options: { delayMs?: number; dripMs?: number } = {}): Promise<ChaosServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const track = (server: Server): Server => {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  };
  const later = (ms: number, fn: () => void, repeat = false): NodeJS.Timeout => {
    const timer = (repeat ? setInterval : setTimeout)(() => {
      if (!repeat) timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const stop = (timer: NodeJS.Timeout): void => {
    clearInterval(timer);
    timers.delete(timer);
  };

  let otherHits = 0;
  const other = track(
    createServer((_req, res) => {
      otherHits += 1;
      res.end(user);
    }),
  );
  // another loopback host (Linux routes all of 127/8 to lo): "another host" without leaving the machine
  const otherPort = await listen(other, '127.0.0.2').catch(() => listen(other, '127.0.0.1'));
  const otherHost = (other.address() as AddressInfo).address;

  const gatesServed = new Map<string, number>();
  let gateCounter = 0;
  const http = track(
    createServer((req, res) => {
      const [, mode = '', maybeGate = '', ...rest] = (req.url ?? '/').split('?')[0]?.split('/') ?? [];
      const gated = /^g\d+$/.test(maybeGate);
      const path = `/${(gated ? rest : [maybeGate, ...rest]).join('/')}`;
      const prefix = gated ? `/${mode}/${maybeGate}` : `/${mode}`;
      // healthy twice: the run's reachability probe, then the USER-ME-CONNECTION baseline
      if (gated && path === '/v1/user/me' && (gatesServed.get(prefix) ?? 0) < 2) {
        gatesServed.set(prefix, (gatesServed.get(prefix) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(user);
        return;
      }
      if ([...hostileModes, ...controlModes].includes(mode as HostileMode)) return void hostile(mode as HostileMode, req, res);
      req.resume();
      answer(mode as PathMode, req, res, prefix);
    }),
  );
  const httpPort = await listen(http, '127.0.0.1');

  function hostile(mode: HostileMode, req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const answer = hostileAnswer(mode, req.method ?? 'GET', body);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  }

  function answer(mode: PathMode, req: IncomingMessage, res: ServerResponse, prefix: string): void {
    const json = { 'content-type': 'application/json' };
    switch (mode) {
      case 'non-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<html><body>Welcome to nginx!</body></html>');
      case 'truncated-json':
        res.writeHead(200, json);
        return void res.end(user.slice(0, 40));
      case 'huge-body': {
        res.writeHead(200, json);
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let left = 160; // 10 MiB
        const pump = (): void => {
          while (left > 0 && !res.destroyed) {
            left -= 1;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        return pump();
      }
      case 'invalid-utf8':
        res.writeHead(200, json);
        return void res.end(Buffer.concat([Buffer.from('{"id":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(user.slice(user.indexOf('",')))]));
      case 'wrong-content-type':
        res.writeHead(200, { 'content-type': 'text/plain; charset=latin1' });
        return void res.end(user);
      case 'missing-content-type':
        res.removeHeader('content-type');
        res.writeHead(200);
        return void res.end(user);
      case 'slow-drip': {
        res.writeHead(200, json);
        res.write('{');
        // a byte at a time, forever: only the client's timeout ends it
        const drip = later(options.dripMs ?? 50, () => res.write(' '), true);
        return void res.on('close', () => stop(drip));
      }
      case 'reset-mid-body':
        res.writeHead(200, { ...json, 'content-length': String(user.length) });
        res.write(user.slice(0, 20));
        return void later(10, () => req.socket.resetAndDestroy());
      case 'delay': {
        const timer = later(options.delayMs ?? 3_000, () => {
          res.writeHead(200, json);
          res.end(user);
        });
        return void res.on('close', () => stop(timer));
      }
      case 'redirect-loop':
        res.writeHead(302, { location: `${prefix}${req.url?.slice(prefix.length) ?? '/'}` });
        return void res.end();
      case 'redirect-other-host':
        res.writeHead(307, { location: `http://${otherHost}:${otherPort}/v1/user/me` });
        return void res.end();
      case 'redirect-non-local':
        res.writeHead(301, { location: 'https://api.elsewhere.example/v1/user/me' });
        return void res.end();
      case 'storm-5xx': {
        const statuses = [500, 502, 503, 504];
        res.writeHead(statuses[Math.floor(Math.random() * statuses.length)] as number, { ...json, 'retry-after': '1' });
        return void res.end('{"success":false,"error":"internal"}');
      }
      case 'duplicate-headers':
        res.setHeader('content-type', ['application/json', 'text/html']);
        res.setHeader('x-request-id', ['a', 'b']);
        res.writeHead(200);
        return void res.end(user);
      default:
        res.writeHead(404, json);
        return void res.end('{"error":"unknown chaos mode"}');
    }
  }

  const raw: Record<PortMode, (socket: Socket) => void> = {
    http10: (socket) => socket.once('data', () => socket.end(`HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n${user}`)),
    'conflicting-length': (socket) =>
      socket.once('data', () =>
        socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${user.length}\r\nContent-Length: 5\r\n\r\n${user}`),
      ),
    // both read (and drop) what comes, so they see the client's close and free their side
    'tls-garbage': (socket) => socket.resume().write('this is not TLS, just plain garbage\r\n\r\n'),
    'black-hole': (socket) => void socket.resume(),
    'close-on-accept': (socket) => socket.destroy(),
    'header-flood': (socket) =>
      socket.once('data', () => socket.end(`HTTP/1.1 200 OK\r\n${`X-Flood: ${'f'.repeat(100)}\r\n`.repeat(2000)}Content-Length: 2\r\n\r\n{}`)),
  };
  const rawServers = new Map<PortMode, { server: Server; port: number }>();
  for (const mode of portModes) {
    const server = track(createNetServer(raw[mode]));
    rawServers.set(mode, { server, port: await listen(server, '127.0.0.1') });
  }

  return {
    url: (mode, opts = {}) => `http://127.0.0.1:${httpPort}/${mode}${opts.afterGate ? `/g${++gateCounter}` : ''}`,
    portUrl: (mode) => `${mode === 'tls-garbage' ? 'https' : 'http'}://127.0.0.1:${rawServers.get(mode)?.port}`,
    otherHostHits: () => otherHits,
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await Promise.all([http, other, ...[...rawServers.values()].map((r) => r.server)].map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
