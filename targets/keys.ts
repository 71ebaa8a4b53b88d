import { randomBytes } from 'node:crypto';

/** A random key with a recognisable prefix (never a real credential). */
export function randomKey(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

/** The public host name webhooks are registered under; the reference routes it to the loopback receiver. */
export const receiverPublicOrigin = 'https://hooks.conformance.example';

/**
 * The public unicast address (example.com's historical one) the reference resolves the receiver's host name to. It is
 * never contacted: the reference's egress router maps the origin to the loopback receiver (ARCHITECTURE.md, DESIGN.md §5).
 * Documentation ranges (RFC 5737) would not do: the URL rules rightly treat them as non-public.
 */
export const receiverPublicAddress = '93.184.216.34';

/** Joins an origin and a path with exactly one slash. */
export function joinUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
