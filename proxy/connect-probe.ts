import { connect } from 'node:net';

/** How long the start-up probe waits for the target to take a connection. */
const probeMs = 2_000;

/**
 * Why the origin takes no TCP connection ("ECONNREFUSED", "no connection within 2 s"), or undefined when it takes one.
 * A session says so at start (a dead target otherwise shows only as 502s and a last line "nothing graded"); it opens
 * and closes one connection and sends no byte: the session never sends a request of its own (docs/passive.md).
 */
export function connectProbe(origin: string): Promise<string | undefined> {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (why: string | undefined): void => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(probeMs, () => done(`no connection within ${probeMs / 1000} s`));
    socket.once('connect', () => done(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}
