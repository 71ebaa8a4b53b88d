import ipaddr from 'ipaddr.js';

/** Strips the brackets WHATWG URL keeps around IPv6 host names. */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** The only IPv4 form a WHATWG-normalised URL host takes (it rewrites hex, octal and short forms to this). */
const fourPartDecimal = /^(0|[1-9]\d*)(\.(0|[1-9]\d*)){3}$/;

/** Parses an IP literal as it appears in a normalised URL host (IPv4 dotted quad or bracketed IPv6), else null. */
export function parseIpLiteral(hostname: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = unbracket(hostname);
  // the shape test first: ipaddr.js's isValid throws and catches an Error for every host name, which made this the
  // reference's hottest path (every webhook create, update and delivery resolves its host)
  if (fourPartDecimal.test(bare) && ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (bare !== hostname && ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/** Turns IPv4-mapped IPv6 (::ffff:a.b.c.d) into the IPv4 address it stands for. */
function unmap(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress() ? addr.toIPv4Address() : addr;
}

// the answer for an address never changes: remembered (ipaddr.js's range() walks its lists of special ranges, and every
// webhook create, update and delivery asks again for the same few addresses); bounded, so hostile input cannot grow it
const publicUnicast = new Map<string, boolean>();
const PUBLIC_UNICAST_REMEMBERED = 1024;

/** True when the address is public unicast per ipaddr.js (DESIGN §4 webhook URL rules). */
export function isPublicUnicast(ip: string): boolean {
  let known = publicUnicast.get(ip);
  if (known === undefined) {
    known = judgePublicUnicast(ip);
    if (publicUnicast.size >= PUBLIC_UNICAST_REMEMBERED) publicUnicast.clear();
    publicUnicast.set(ip, known);
  }
  return known;
}

function judgePublicUnicast(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = unmap(ipaddr.parse(ip));
  // ipaddr.js calls the deprecated IPv4-compatible block ::/96 "unicast"; it embeds IPv4 (e.g. ::127.0.0.1).
  if (addr instanceof ipaddr.IPv6 && addr.parts.slice(0, 6).every((p) => p === 0)) return false;
  return addr.range() === 'unicast';
}

/** True for `localhost`, 127.0.0.0/8 and ::1 (also IPv4-mapped). */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname.toLowerCase() === 'localhost') return true;
  const addr = parseIpLiteral(hostname);
  return addr !== null && unmap(addr).range() === 'loopback';
}

/**
 * Resolves a URL host name through the static table only (the reference never queries DNS):
 * IP literals resolve to themselves, `localhost` to 127.0.0.1 and ::1, anything else via `hosts`.
 */
export function resolveHost(hostname: string, hosts: Map<string, string[]>): string[] | null {
  const literal = parseIpLiteral(hostname);
  if (literal) return [literal.toString()];
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost') return ['127.0.0.1', '::1'];
  return hosts.get(name) ?? null;
}
