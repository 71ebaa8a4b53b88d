// RFC 9110 §7.6.1: these describe one connection, not the message; a proxy must not pass them on. Trailer (which
// fields the trailer section will carry, §6.6.2) is end-to-end and passes; TE is passed as "trailers" only, what this
// proxy itself accepts (it forwards trailers both ways).
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te']);

/**
 * Whether a header name may be one the proxy handles itself (hop-by-hop, TE or Host), by its length alone: most names
 * are none of these, and lower-casing each one costs (issue 26 profile).
 */
function mayBeOwn(name: string): boolean {
  const length = name.length;
  return length === 2 || length === 4 || length === 7 || length === 10 || length === 16;
}

/** The names a Connection header lists besides the hop-by-hop ones (undefined: none, the common case). */
function namedByConnection(raw: readonly string[]): Set<string> | undefined {
  let named: Set<string> | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length !== 10 || name.toLowerCase() !== 'connection') continue;
    for (const token of (raw[i + 1] as string).split(',')) {
      const lower = token.trim().toLowerCase();
      if (!hopByHop.has(lower)) (named ??= new Set()).add(lower);
    }
  }
  return named;
}

/**
 * The raw header list (Node's rawHeaders: name, value, name, value ...) without the hop-by-hop headers and those the
 * Connection header names, in the order and case they came; `host` replaces the Host header (in place, or appended).
 */
export function passHeaders(raw: readonly string[], host?: string): string[] {
  const named = namedByConnection(raw);
  const out: string[] = [];
  let hostSet = host === undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    if (!mayBeOwn(name)) {
      if (named === undefined || !named.has(name.toLowerCase())) out.push(name, value);
      continue;
    }
    const lower = name.toLowerCase();
    if (lower === 'te') {
      if (/(^|,)\s*trailers\s*(;|,|$)/i.test(value)) out.push(name, 'trailers');
      continue;
    }
    if (hopByHop.has(lower) || named?.has(lower)) continue;
    if (lower === 'host' && host !== undefined) {
      if (!hostSet) out.push(name, host);
      hostSet = true;
      continue;
    }
    out.push(name, value);
  }
  if (!hostSet) out.push('Host', host as string);
  return out;
}

/** The Upgrade value of a request (RFC 9110 §7.8), when its Connection header names upgrade. */
export function upgradeOf(raw: readonly string[]): string | undefined {
  let upgrade: string | undefined;
  let connection = false;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = (raw[i] as string).toLowerCase();
    if (lower === 'upgrade') upgrade = raw[i + 1];
    else if (lower === 'connection') connection ||= /(^|,)\s*upgrade\s*(,|$)/i.test(raw[i + 1] as string);
  }
  return connection ? upgrade : undefined;
}
