import { jsonSourceOf } from './json-source.js';
import { boundValue, defaultValueBounds, escapeControls, nestsDeeperThan, sanitizeText } from './sanitize.js';
import type { ValueBounds } from './sanitize.js';

/** What replaces a secret. */
export const redactedMarker = '[redacted]';

/** Header names whose values are always secrets (compared lower-case). */
export const secretHeaderNames: ReadonlySet<string> = new Set([
  'x-api-key',
  'authorization',
  'proxy-authorization',
  'service-signature',
  // the signature headers of the other schemes the receiver verifies (DESIGN.md §4 signature)
  'webhook-signature',
  'x-hub-signature',
  'x-hub-signature-256',
  'cookie',
  'set-cookie',
]);

/** JSON field names whose values are always secrets. */
const secretFieldNames: ReadonlySet<string> = new Set(['signing_secret', 'secret', 'api_key', 'apikey']);

// spec §2.3 + DESIGN.md §4: secrets look like whsec_<64 hex>; scrubbed even when the run never saw them
const signingSecretPattern = /whsec_[A-Za-z0-9+/=_-]{8,}/g;
const signingSecretFieldPattern = /"signing_secret"\s*:\s*"[^"]*"/g;
/** A whole value the signing-secret pattern already removes wherever it appears. */
const patternCovered = /^whsec_[A-Za-z0-9+/=_-]{8,}$/;

const minSecretLength = 6;

/** A key scrubValue hides, as it stands in JSON text lower-cased (hideKey compares the key lower-cased). */
const hiddenKeyText = new RegExp(`"(?:${[...secretFieldNames, ...secretHeaderNames].join('|')})"`);
/** A number of JSON text that may be -0 (JSON.stringify writes -0 as 0). */
const negativeZero = /(?:^|[[:,])\s*-0/;

/** Knows the run's secret values (keys, signing secrets seen in responses) and scrubs any string or value. */
export class Redactor {
  private readonly secrets = new Set<string>();
  /** Known secrets the signing-secret pattern does not already cover (typically just the API keys). */
  private readonly literals = new Set<string>();
  // the literals in one alternation, longest first (a secret that contains another is removed whole); rebuilt only
  // when one is added. A run learns hundreds of signing secrets: keeping those out of the alternation (the pattern
  // removes them anyway) keeps scrub, which runs on every recorded header and body, from growing with the run
  private known: RegExp | undefined;
  private shortest = Infinity;

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const secret of secrets) this.addSecret(secret);
  }

  /** Remembers a secret value (ignores empty or tiny values, which would scrub ordinary text). */
  addSecret(secret: string | undefined): void {
    if (secret === undefined || secret.length < minSecretLength || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    if (patternCovered.test(secret)) return;
    this.literals.add(secret);
    this.shortest = Math.min(this.shortest, secret.length);
    this.known = undefined;
  }

  /** Learns the signing secrets carried by a parsed response body. */
  learnFrom(value: unknown): void {
    for (const secret of secretFields(value)) this.addSecret(secret);
  }

  /**
   * The text made fit for an output (DESIGN.md §5, issue 15): every known secret and secret-looking value replaced by
   * [redacted], control characters escaped (targets/sanitize.ts), and, given `max`, cut to that length.
   */
  scrub(text: string, max?: number): string {
    const redacted = this.redactSecrets(text);
    return max === undefined ? escapeControls(redacted) : sanitizeText(redacted, max);
  }

  /** The text with every known secret and secret-looking value replaced by [redacted], nothing else changed (raw records). */
  redactSecrets(text: string): string {
    if (text.length === 0) return text;
    let out = text;
    if (out.length >= this.shortest) out = out.replace(this.knownPattern(), redactedMarker);
    // includes() first: most texts (dates, content types, ids) hold neither, and it is far cheaper than a regex pass
    if (out.includes('whsec_')) out = out.replace(signingSecretPattern, redactedMarker);
    if (out.includes('"signing_secret"')) out = out.replace(signingSecretFieldPattern, `"signing_secret":"${redactedMarker}"`);
    return out;
  }

  private knownPattern(): RegExp {
    if (this.known === undefined) {
      const alternatives = [...this.literals].sort((a, b) => b.length - a.length).map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      this.known = new RegExp(alternatives.join('|'), 'g');
    }
    return this.known;
  }

  /**
   * A copy of a JSON-like value fit for an output: secret fields and secret strings redacted, control characters
   * escaped, and the copy bounded (strings cut, depth and size limited: targets/sanitize.ts). `raw`: redaction only
   * within the bounds, strings otherwise as they were (a recorded exchange).
   */
  scrubValue<T>(value: T, bounds: ValueBounds & { raw?: boolean } = {}): T {
    return boundValue(value, {
      ...bounds,
      mapString: bounds.raw ? (text) => this.redactSecrets(text) : (text) => this.scrub(text),
      hideKey: (key) => (secretFieldNames.has(key.toLowerCase()) || secretHeaderNames.has(key.toLowerCase()) ? redactedMarker : undefined),
    }) as T;
  }

  /**
   * scrubValue's copy of a value parsed from `source` (JSON text; the value may be its parse renamed, as a dialect
   * does), made by the JSON parser when scrubValue's walk could change nothing in it. The text parsed is `source`
   * itself when the transport parsed the value from it (targets/json-source.ts), else the value's JSON.stringify
   * (then the source must have no -0, which JSON.stringify writes as 0). The walk could change nothing when that
   * text has no escape (so every key and string stands in it as it is), no string longer than maxString, no nesting
   * as deep as maxDepth, at most maxChars / 8 characters (a node costs the walk's budget at most 8 per character of
   * its text), and no known secret, secret-looking value, key scrubValue hides, or (unless raw) control character.
   * Else the walk, which (a defineProperty and a regex pass per string) was most of the cost of recording an
   * exchange (issue 28).
   */
  scrubJson<T>(value: T, source: string, bounds: ValueBounds & { raw?: boolean } = {}): T {
    return value !== null && typeof value === 'object'
      ? ((this.parsedCopy(value, source, bounds) as T | undefined) ?? this.scrubValue(value, bounds))
      : this.scrubValue(value, bounds);
  }

  private parsedCopy(value: object, source: string, bounds: ValueBounds & { raw?: boolean }): unknown {
    const maxString = bounds.maxString ?? defaultValueBounds.maxString;
    const maxDepth = bounds.maxDepth ?? defaultValueBounds.maxDepth;
    const maxChars = bounds.maxChars ?? defaultValueBounds.maxChars;
    let text: string | undefined = jsonSourceOf(value) === source ? source : undefined;
    if (text === undefined) {
      if (negativeZero.test(source)) return undefined;
      try {
        text = JSON.stringify(value) as string | undefined;
      } catch {
        return undefined; // a cycle or a BigInt: not parsed JSON
      }
    }
    if (text === undefined || text.length * 8 > maxChars || text.includes('\\') || longestUnquoted(text) > maxString) return undefined;
    if (nestsDeeperThan(text, maxDepth - 1) || hiddenKeyText.test(text.toLowerCase())) return undefined;
    if (this.redactSecrets(text) !== text || (!bounds.raw && escapeControls(text) !== text)) return undefined;
    return JSON.parse(text) as unknown;
  }

  /** A copy of headers with secret headers replaced and other values scrubbed (`raw`: secrets only, as scrubValue). */
  scrubHeaders(headers: Readonly<Record<string, string>>, raw = false): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      out[name] = secretHeaderNames.has(name.toLowerCase()) ? redactedMarker : raw ? this.redactSecrets(value) : this.scrub(value);
    }
    return out;
  }
}

/** The most characters between two quotes of the text (or an end and a quote): the bound of any string in JSON text without escapes. */
function longestUnquoted(text: string): number {
  let longest = 0;
  let last = -1;
  for (let at = text.indexOf('"'); at !== -1; at = text.indexOf('"', at + 1)) {
    longest = Math.max(longest, at - last - 1);
    last = at;
  }
  return Math.max(longest, text.length - last - 1);
}

/** A key's length that may be a secret field's (a key lower-cases to one of those ASCII names only at its length). */
const secretFieldLengths: ReadonlySet<number> = new Set([...secretFieldNames].map((name) => name.length));

/**
 * The string values of the secret fields of a parsed body, 20 levels deep. Keys are read by Object.keys and only
 * those of a secret name's length lower-cased: learning runs on every answer (Object.entries per object and a
 * lower-cased copy of every key were most of it, issue 28).
 */
function secretFields(value: unknown, depth = 0, found: string[] = []): string[] {
  if (depth > 20 || value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const item of value) secretFields(item, depth + 1, found);
    return found;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (typeof field === 'string') {
      if (secretFieldLengths.has(key.length) && secretFieldNames.has(key.toLowerCase())) found.push(field);
    } else secretFields(field, depth + 1, found);
  }
  return found;
}
