import { timedSend } from '../transport.js';
import type { Transport } from '../transport.js';
import type { Next } from './request-step.js';

/** The end of the request path: the transport, whose request timeout starts only here (after any throttle wait). */
export function sendOnWire(transport: Transport, defaultTimeoutMs: number): Next {
  return (call) => timedSend(transport, call.id, call.prepared, call.options.timeoutMs ?? defaultTimeoutMs, call.signal);
}
