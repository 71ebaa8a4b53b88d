import { visible } from './safe-text.js';

/**
 * A value as pretty JSON that is safe to print: C1 and bidi control characters, which JSON.stringify leaves raw, are
 * written as \u escapes (the text still parses to the same value); a BigInt is written as text. Every JSON report
 * (results.json, CTRF, HAR) is written through it.
 */
export function jsonText(value: unknown): string {
  return `${visible(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2))}\n`;
}
