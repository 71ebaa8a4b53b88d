import fc from 'fast-check';
import { codePointLength } from './code-point-length.js';
import { FIXED_SEED } from './example-value.js';
import { formatOfLength } from './formats.js';
import type { JsonSchema } from './json-schema.js';
import { textOfLength, type MessageAlphabet } from './message-text.js';

/**
 * A deterministic string of exactly `length` code points that keeps the schema's enum, const, format and pattern
 * when it can; otherwise plain text of that length (the caller checks what it breaks).
 */
export function stringOfLength(schema: JsonSchema, length: number, alphabet: MessageAlphabet = 'gsm7'): string {
  const fits = (s: unknown): s is string => typeof s === 'string' && codePointLength(s) === length;
  const members = [...(schema.enum ?? []), ...('const' in schema ? [schema.const] : [])];
  const member = members.find(fits);
  if (member !== undefined) return member;
  if (schema.format !== undefined) {
    const formatted = formatOfLength(schema.format, length);
    if (formatted !== undefined && (schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(formatted))) return formatted;
  } else if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern, 'u');
    const samples = fc.sample(fc.stringMatching(new RegExp(schema.pattern), { size: 'large' }), { seed: FIXED_SEED, numRuns: 300 });
    const match = samples.find((s) => fits(s) && pattern.test(s));
    if (match !== undefined) return match;
  }
  return textOfLength(length, alphabet);
}
