import type { Receiver } from '../../receiver/index.js';
import { receiverPublicOrigin } from '../../spec/simulator-defaults.js';
import { fromTargetPayload, HarnessError } from '../../targets/index.js';
import type { Dialect } from '../../targets/index.js';

/**
 * The set-up error of a receiver port the run cannot listen on (exit 2): taken, every webhook check would fail on the
 * harness's side, never the target's. `flag` is the option that sets it (--receiver-port, or parity B's).
 */
export function receiverPortError(port: number, code: string, flag = '--receiver-port'): HarnessError {
  const why = code === 'EADDRINUSE' ? 'is in use by another process (another conform run?)' : `cannot be listened on (${code})`;
  return new HarnessError(
    'RECEIVER_PORT_IN_USE',
    `${flag} ${port}: port ${port} on 127.0.0.1 ${why}. Stop that process, or give ${flag} <a free port> and start the simulator with --webhook-url http://127.0.0.1:<that port>/simulator-webhook-url.`,
  );
}

/**
 * The receiver a run starts: HTTP on loopback `httpPort` (0: a free one) and HTTPS on a free port, with a certificate
 * for the public name targets reach it under; with a dialect, payloads are read in the spec's names. Loaded only
 * when a run needs it (start time: docs/benchmarks.md).
 */
export async function startHarnessReceiver(httpPort = 0, dialect?: Dialect): Promise<Receiver> {
  const { startReceiver } = await import('../../receiver/index.js');
  // DESIGN.md §3 "Dialects": a payload's data read in the spec's names, as answers are
  const readJson = dialect === undefined ? {} : { readJson: (json: unknown) => fromTargetPayload(dialect, json) };
  try {
    return await startReceiver({ host: '127.0.0.1', httpPort, httpsPort: 0, tlsNames: [new URL(receiverPublicOrigin).hostname], ...readJson });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (httpPort === 0 || code === undefined) throw error;
    throw receiverPortError(httpPort, code);
  }
}

/** What a target's start is told of a receiver (Target.start). */
export const receiverForTarget = (receiver: Receiver) => ({ receiver: { httpUrl: receiver.httpUrl, httpsUrl: receiver.httpsUrl, caPem: receiver.caPem } });
