import { randomBytes } from 'node:crypto';

/** A random key with a recognisable prefix (never a real credential). */
export function randomKey(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

/** The public host name webhooks are registered under; the reference routes it to the loopback receiver. */
export const receiverPublicOrigin = 'https://hooks.conformance.example';

/** Joins an origin and a path with exactly one slash. */
export function joinUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
