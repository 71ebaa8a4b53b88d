import { randomBytes } from 'node:crypto';
import { receiverPublicAddress, receiverPublicOrigin } from '../spec/simulator-defaults.js';

/** A random key with a recognisable prefix (never a real credential). */
export function randomKey(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

/** The Starter key `--target simulator` makes itself when none is given (spec §5.2: the simulator takes any key). */
export const simulatorStarterKey = 'conform-simulator-starter-key';

// defined once in spec/ (the simulator CLI shares them); re-exported for the harness
export { receiverPublicAddress, receiverPublicOrigin };

/** Joins an origin and a path with exactly one slash. */
export function joinUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
