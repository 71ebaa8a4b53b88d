import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * True when the URL's host is a literal loopback address (127.0.0.0/8, ::1, IPv4-mapped loopback) or the name
 * `localhost` itself; no DNS. Subdomains of localhost (`evil.localhost`) are not: RFC 6761 §6.3 lets resolvers answer
 * them with loopback, but nothing obliges the system's resolver to, so only a connection made by
 * {@link loopbackLookup} would be sure to stay on loopback.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost') return true;
  if (isIP(host) === 0) return false;
  const address = ipaddr.parse(host);
  // an IPv4-mapped address (::ffff:127.0.0.1, which URL spells ::ffff:7f00:1) is the IPv4 address it maps
  const unmapped = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  return unmapped.range() === 'loopback';
}

/**
 * A `lookup` for sockets to a loopback URL's host that never asks DNS or /etc/hosts: `localhost` is 127.0.0.1 and
 * ::1 (tried in that order, Node's autoSelectFamily), a literal address is itself.
 */
export const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  const literal = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(literal);
  const addresses =
    family !== 0
      ? [{ address: literal, family }]
      : [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ];
  const asked = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
  const wanted = addresses.filter((entry) => asked === undefined || asked === 0 || entry.family === asked);
  const found = wanted.length > 0 ? wanted : addresses;
  if (options.all) (callback as unknown as (error: null, all: typeof found) => void)(null, found);
  else callback(null, found[0]!.address, found[0]!.family);
};
