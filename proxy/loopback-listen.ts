import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isLoopbackUrl } from '../targets/loopback.js';
import { HarnessError } from '../targets/harness-error.js';

/** Listens on a loopback address only (127.0.0.1 unless told ::1 or another 127/8 address); returns the http URL. */
export async function listenLoopback(server: Server, host = '127.0.0.1', port = 0): Promise<string> {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}`;
  if (host === 'localhost' || !isLoopbackUrl(origin)) {
    throw new HarnessError('NOT_LOOPBACK', `--host ${host} is not a loopback address: the proxy and the forwarder listen on 127.0.0.1 or ::1 only`);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: Error) => reject(new HarnessError('LISTEN', `listening on ${host}:${port} failed (${error.message}); choose another --port`)));
    server.listen(port, host, () => resolve());
  });
  return `${origin}:${(server.address() as AddressInfo).port}`;
}

/** Stops accepting, lets exchanges in flight finish for up to graceMs, then cuts the rest (and `detached` connections: tunnels). */
export async function closeServer(server: Server, graceMs: number, detached: Iterable<Duplex> = []): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    server.closeAllConnections();
    for (const connection of detached) connection.destroy();
  }, graceMs);
  await closed;
  clearTimeout(timer);
}
