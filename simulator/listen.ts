import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReferenceConfigError } from './errors.js';

/** Listens on host:port (0 = a free port) and resolves the port; a busy port is a ReferenceConfigError. */
export function listen(server: Server, host: string, port: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE')
        reject(new ReferenceConfigError('port_in_use', `${what} port ${port} on ${host} is already in use: stop the other process or choose another port`));
      else if (err.code === 'EACCES')
        reject(new ReferenceConfigError('port_denied', `${what} port ${port} on ${host} is not allowed: choose a port above 1023`));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Closes a server and every connection it still has. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
