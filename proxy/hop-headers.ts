// RFC 9110 §7.6.1: these describe one connection, not the message; a proxy must not pass them on
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/**
 * The raw header list (Node's rawHeaders: name, value, name, value ...) without the hop-by-hop headers and those the
 * Connection header names, in the order and case they came; `replace` sets headers by lower-case name (e.g. host).
 */
export function passHeaders(raw: readonly string[], replace: Readonly<Record<string, string>> = {}): string[] {
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === 'connection') for (const token of (raw[i + 1] as string).split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  const replaced = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.toLowerCase();
    if (hopByHop.has(lower) || named.has(lower)) continue;
    if (lower in replace) {
      if (!replaced.has(lower)) out.push(name, replace[lower] as string);
      replaced.add(lower);
      continue;
    }
    out.push(name, raw[i + 1] as string);
  }
  for (const [name, value] of Object.entries(replace)) if (!replaced.has(name)) out.push(name, value);
  return out;
}
