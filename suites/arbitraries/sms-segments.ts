import { gsm7Septets } from './gsm7.js';

/** Characters per SMS segment: single message vs. each part of a concatenated (multi-segment) message. */
export const SEGMENT_LIMITS = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
} as const;

/** The encoding an SMS text needs. */
export type SmsEncoding = keyof typeof SEGMENT_LIMITS;

/** Encoding, size in encoding units (GSM-7 septets or UTF-16 code units) and segment count of a text. */
export function smsSegments(text: string): { encoding: SmsEncoding; units: number; segments: number } {
  const septets = gsm7Septets(text);
  const encoding: SmsEncoding = septets === undefined ? 'ucs2' : 'gsm7';
  const units = septets ?? text.length;
  const limits = SEGMENT_LIMITS[encoding];
  const segments = units === 0 ? 1 : units <= limits.single ? 1 : Math.ceil(units / limits.multi);
  return { encoding, units, segments };
}

/**
 * Lengths at the segment boundaries of an encoding that lie in [min, max]: the single-segment limit and one more,
 * then each multiple of the multi-segment size and one more (160, 161, 306, 307 ... for GSM-7).
 */
export function segmentBoundaryLengths(encoding: SmsEncoding, min: number, max: number): number[] {
  const { single, multi } = SEGMENT_LIMITS[encoding];
  const out = [single, single + 1];
  for (let k = 2; k * multi <= max; k += 1) out.push(k * multi, k * multi + 1);
  return out.filter((n) => n >= min && n <= max);
}
