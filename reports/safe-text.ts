/**
 * The one place where reports make untrusted text safe to show: every reporter passes what a target sent (reasons,
 * bodies, counterexamples, reproductions) through these before it reaches a terminal, a file or a browser.
 */

// C0 controls but tab and newline, DEL, C1 controls, bidi embeddings/overrides/isolates (they reorder what a reader
// sees: "Trojan Source") and lone surrogates
const unsafe =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text with every control character other than newline and tab shown escaped (ESC as \u001b). */
export function visible(text: string): string {
  return text.replace(unsafe, (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}

// how much was left off, e.g. "…(+1,501 chars)"
function cutMark(dropped: number): string {
  return `…(+${dropped.toLocaleString('en-US')} chars)`;
}

/** Visible text of at most max characters (plus the mark): a longer text is cut, with the size noted. */
export function cut(text: string, max: number): string {
  const shown = visible(text);
  if (shown.length <= max) return shown;
  // never split a surrogate pair or an escape sequence in two
  let end = max;
  if (/[\ud800-\udbff]/.test(shown.charAt(end - 1))) end -= 1;
  const escape = /\\u[0-9a-f]{0,3}$/.exec(shown.slice(Math.max(0, end - 5), end));
  if (escape) end -= escape[0].length;
  return `${shown.slice(0, end)}${cutMark(shown.length - end)}`;
}

/** cut() on one line: newlines and tabs shown as spaces. */
export function cutLine(text: string, max: number): string {
  return cut(text.replace(/\s+/g, ' ').trim(), max);
}

/**
 * A value as valid JSON text, whatever it is (null-prototype objects, cycles, BigInt, functions): strings longer than
 * leafMax are cut with their size noted inside the string, and the text as a whole is cut at max.
 */
export function jsonText(value: unknown, max: number, leafMax = max): string {
  // shorten the strings until the whole fits, so the text stays valid JSON; cut it only as a last resort
  for (let leaf = leafMax; ; leaf = Math.floor(leaf / 4)) {
    const text = visible(stringify(value, leaf));
    if (text.length <= max) return text;
    if (leaf < 40) return JSON.stringify(cut(text, max));
  }
}

function stringify(value: unknown, leafMax: number): string {
  const seen = new WeakSet<object>();
  const replacer = (_key: string, v: unknown): unknown => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'function' || typeof v === 'symbol') return `[${typeof v}]`;
    if (typeof v === 'string') return v.length > leafMax ? `${v.slice(0, leafMax)}${cutMark(v.length - leafMax)}` : v;
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    if (v !== null && typeof v === 'object') {
      if (seen.has(v)) return '[repeated]';
      seen.add(v);
    }
    return v;
  };
  try {
    // JSON.stringify escapes C0 controls and lone surrogates; visible() then escapes C1 and bidi ones the JSON way
    return JSON.stringify(value, replacer) ?? 'null';
  } catch (error) {
    return JSON.stringify(`[not serialisable: ${error instanceof Error ? error.message : String(error)}]`);
  }
}

// XML 1.0 allows tab, LF, CR and the ranges below; visible() has already escaped the controls among the rest
const xmlForbidden = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Escapes text for XML/HTML content and attributes (controls shown escaped, characters XML 1.0 forbids replaced). */
export function escapeXml(text: string): string {
  return visible(text)
    .replace(xmlForbidden, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Text safe in one Markdown table cell, cut at max. */
export function markdownCell(text: string, max = 300): string {
  return cutLine(text, max).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;');
}

/** Visible text in a fenced Markdown block whose fence no backtick run inside can close. */
export function markdownFence(text: string, language = ''): string {
  const shown = visible(text);
  const longest = Math.max(2, ...[...shown.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${shown}\n${ticks}`;
}

/** Ids as "`A`, `B`, … and 12 more": the first max of them. */
export function idList(ids: readonly string[], max = 10, quote = (id: string): string => id): string {
  const shown = ids.slice(0, max).map((id) => quote(visible(id)));
  return ids.length > max ? `${shown.join(', ')} and ${ids.length - max} more` : shown.join(', ');
}
