/**
 * The sanitizer between a target and every output (issue 15): whatever a target sends is untrusted text. Control
 * characters are shown escaped (a terminal, a CI log or a step summary never acts on them), single values are cut to
 * a bounded length with their full size noted, and values are copied within a depth and size budget. The run's
 * Redactor applies it in scrub(), which every reporter, the console and the progress lines pass through.
 */

// C0 but tab and newline (CR too: it rewrites a terminal line), DEL, C1 (U+0080-U+009F: 8-bit CSI and friends), and
// the bidirectional overrides and isolates that reorder what a reader sees ("Trojan source", CVE-2021-42574)
const unsafeRange = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]';
const unsafeCharacters = new RegExp(unsafeRange, 'g');
const anyUnsafe = new RegExp(unsafeRange);

/** Longest single value (a reason, a log line, a reproduction, one string of a counterexample) kept in a result. */
export const maxValueChars = 4_000;

/** How deep a JSON answer may nest before the client refuses to hand it to a check. */
export const maxJsonDepth = 1_000;

/** The text with every control character a terminal acts on shown as a \u escape (e.g. ESC as \u001b). */
export function escapeControls(text: string): string {
  if (!anyUnsafe.test(text)) return text;
  return text.replace(unsafeCharacters, (char) => `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}

const alreadyCut = /… \[cut: \d+ characters in all\]$/;

/** The text cut to `max` characters with its full size noted, e.g. "iii… [cut: 1000000 characters in all]". */
export function cutText(text: string, max: number = maxValueChars): string {
  // a text cut before keeps its note (cutting twice must not replace the original size with the cut one)
  if (text.length <= max || (text.length <= max + 60 && alreadyCut.test(text))) return text;
  // never split a surrogate pair: half of one is not a character
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${copyOf(text.slice(0, end))}… [cut: ${text.length} characters in all]`;
}

/** A fresh copy of the text: V8 makes a slice a view that keeps the whole original alive (a 1 MB answer per cut). */
function copyOf(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** One value on its way to an output: control characters escaped, cut to `max` (escapes included), full size noted. */
export function sanitizeText(text: string, max: number = maxValueChars): string {
  const cut = cutText(text, max);
  const escaped = escapeControls(cut);
  if (escaped === cut || escaped.length <= max) return escaped;
  // the escapes made it longer than the bound: cut again, still noting the original size
  // ...but not through the middle of an escape
  const lastEscape = escaped.lastIndexOf('\\u', max - 1);
  const end = lastEscape > max - 6 ? lastEscape : max;
  return `${copyOf(escaped.slice(0, end))}… [cut: ${text.length} characters in all]`;
}

/** Bounds of boundValue. */
export interface ValueBounds {
  /** Longest string kept (longer ones are cut with cutText). */
  readonly maxString?: number;
  /** Deepest nesting kept; deeper values become a note. */
  readonly maxDepth?: number;
  /** Approximate characters of the whole copy (each node costs 8 plus its string length); the rest becomes a note. */
  readonly maxChars?: number;
  /** Applied to every string kept (after cutting), e.g. a redaction. */
  readonly mapString?: (text: string) => string;
  /** Keys whose string values are replaced whole by this mark (secret fields). */
  readonly hideKey?: (key: string) => string | undefined;
}

/** boundValue's bounds where none is given. */
export const defaultValueBounds = { maxString: maxValueChars, maxDepth: 64, maxChars: 64_000 } as const;

/**
 * A copy of a JSON-like value within bounds, made without recursion (a 100,000-level answer cannot exhaust the
 * stack): strings cut, nesting past maxDepth and everything past the size budget replaced by a short note.
 */
export function boundValue(value: unknown, bounds: ValueBounds = {}): unknown {
  const maxString = bounds.maxString ?? defaultValueBounds.maxString;
  const maxDepth = bounds.maxDepth ?? defaultValueBounds.maxDepth;
  let budget = bounds.maxChars ?? defaultValueBounds.maxChars;
  type Holder = Record<string, unknown> | unknown[];
  const root: Record<string, unknown> = {};
  // children are pushed in reverse and so popped in order: an array copy grows by push, in its own order
  const pending: Array<{ holder: Holder; key: string; item: unknown; depth: number }> = [{ holder: root, key: 'value', item: value, depth: 0 }];
  const put = (holder: Holder, key: string, copy: unknown): void => {
    if (Array.isArray(holder)) holder.push(copy);
    // a "__proto__" key of a parsed answer is data: define it, never assign it (that would set the prototype)
    else Object.defineProperty(holder, key, { value: copy, enumerable: true, writable: true, configurable: true });
  };
  while (pending.length > 0) {
    const { holder, key, item, depth } = pending.pop() as (typeof pending)[number];
    budget -= 8;
    if (budget < 0) {
      // out of budget: every copy still being filled says so once, and nothing more is copied
      const open = new Set<Holder>([holder, ...pending.map((entry) => entry.holder)]);
      for (const partial of open) put(partial, '…', '[cut: the value exceeds the size kept]');
      break;
    }
    const hidden = typeof item === 'string' && !Array.isArray(holder) ? bounds.hideKey?.(key) : undefined;
    if (hidden !== undefined) {
      put(holder, key, hidden);
    } else if (typeof item === 'string') {
      const cut = cutText(item, maxString);
      budget -= cut.length;
      put(holder, key, bounds.mapString ? bounds.mapString(cut) : cut);
    } else if (item === null || typeof item !== 'object') {
      put(holder, key, item);
    } else if (depth >= maxDepth) {
      put(holder, key, `[cut: nested deeper than ${maxDepth} levels]`);
    } else if (Array.isArray(item)) {
      const copy: unknown[] = [];
      put(holder, key, copy);
      for (let i = item.length - 1; i >= 0; i--) pending.push({ holder: copy, key: String(i), item: item[i], depth: depth + 1 });
    } else {
      const copy: Record<string, unknown> = {};
      put(holder, key, copy);
      for (const [field, inner] of Object.entries(item as Record<string, unknown>).reverse())
        pending.push({ holder: copy, key: field, item: inner, depth: depth + 1 });
    }
  }
  return root.value;
}

/**
 * Whether the JSON text nests (arrays and objects) deeper than `limit`. Each level opens a bracket: a text with at
 * most `limit` of them (counted by indexOf, whose loop runs once per bracket) is not scanned character by character
 * (jsonDepth's loop, slow where V8 does not optimize: a run goes without its optimizing compiler, decision 30).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let brackets = 0;
  for (let at = text.indexOf('{'); at !== -1 && brackets <= limit; at = text.indexOf('{', at + 1)) brackets += 1;
  for (let at = text.indexOf('['); at !== -1 && brackets <= limit; at = text.indexOf('[', at + 1)) brackets += 1;
  return brackets > limit && jsonDepth(text, limit) > limit;
}

/** How deep the JSON text nests (arrays and objects), scanned without parsing; stops counting past `limit`. */
export function jsonDepth(text: string, limit: number = maxJsonDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}
