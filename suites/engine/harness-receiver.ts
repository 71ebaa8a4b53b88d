import type { Receiver } from '../../receiver/index.js';
import { receiverPublicOrigin } from '../../spec/simulator-defaults.js';

/**
 * The receiver a run starts: HTTP on loopback `httpPort` (0: a free one) and HTTPS on a free port, with a certificate
 * for the public name targets reach it under. Loaded only when a run needs it (start time: README "Benchmarks").
 */
export async function startHarnessReceiver(httpPort = 0): Promise<Receiver> {
  const { startReceiver } = await import('../../receiver/index.js');
  try {
    return await startReceiver({ host: '127.0.0.1', httpPort, httpsPort: 0, tlsNames: [new URL(receiverPublicOrigin).hostname] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(
      `port ${httpPort} on 127.0.0.1 is in use (another conform run?): stop that, or pick --receiver-port <free port> (--compare-receiver-port for parity's B) and start the simulator with --webhook-url http://127.0.0.1:<that port>/simulator-webhook-url`,
    );
  }
}

/** What a target's start is told of a receiver (Target.start). */
export const receiverForTarget = (receiver: Receiver) => ({ receiver: { httpUrl: receiver.httpUrl, httpsUrl: receiver.httpsUrl, caPem: receiver.caPem } });
