import { senderNumber } from './numbers.js';

/** One deterministic send whose values must come back exactly everywhere (spec §2.1, §4.1). */
export interface RoundTripCase {
  /** What normalisation the case exposes. */
  readonly label: string;
  readonly to: string;
  readonly from: string;
  readonly message: string;
}

// 1600 characters (spec §8: "at most 1600 characters"). "Characters" are Unicode code points here (spec §2.1 and §8
// count content, not bytes or UTF-16 units; JSON Schema's maxLength counts the same way: suites/arbitraries/
// code-point-length.ts), so 1600 astral code points (3200 UTF-16 units) are exactly at the limit and must be kept.
const limit = 1600;

/** `length` code points cycling through `parts` (each part one code point), position-revealing. */
function cycle(parts: readonly string[], length: number): string {
  return Array.from({ length }, (_, i) => parts[i % parts.length] as string).join('');
}

const ascii1600 = Array.from({ length: limit }, (_, i) => (i % 100 === 0 ? '|' : String.fromCharCode(97 + (i % 26)))).join('');
const astral1600 = cycle(['\u{1F600}', '\u{1D11E}', '\u{1F004}', '\u{20BB7}'], limit);

/**
 * The values that expose normalisation where a message comes back: whitespace, line endings, emoji sequences,
 * combining marks, right-to-left text, the length limit, and the digits of `to` and `from` (fictional numbers:
 * NANP 555-01xx and UK 07700 900xxx, reserved for drama).
 */
export function roundTripCases({ recipient, ownNumbersOnly = false }: { recipient: () => string; ownNumbersOnly?: boolean }): RoundTripCase[] {
  const plain = (label: string, message: string): RoundTripCase => ({ label, to: recipient(), from: senderNumber, message });
  // a guarded target sends only to the user's own numbers (--allow-recipient): the other digits are the sender's there
  const digitsTo = ownNumbersOnly ? recipient() : '+447700900123';
  return [
    plain('leading, trailing and repeated inner whitespace', '   two  spaces,   three   and a trailing run   '),
    plain('CR/LF, LF, CR and tabs', 'line one\r\nline two\nline three\rline\tfour\t\tend\r\n'),
    plain(
      'emoji with ZWJ sequences and skin tones',
      'family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466} coder \u{1F469}\u{1F3FD}\u200D\u{1F4BB} thumbs \u{1F44D}\u{1F3FF} flag \u{1F3F3}\uFE0F\u200D\u{1F308}',
    ),
    plain('combining marks next to precomposed letters', 'decomposed e\u0301 A\u030A n\u0303 / precomposed \u00E9 \u00C5 \u00F1 / stacked \u1E9B\u0323'),
    plain('right-to-left text with marks', '\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627 \u200F123\u200E mixed LTR'),
    plain(`exactly ${limit} characters (ASCII)`, ascii1600),
    plain(`exactly ${limit} code points (${astral1600.length} UTF-16 units)`, astral1600),
    { label: 'to and from digits (UK drama range, other sender)', to: digitsTo, from: '+447700900456', message: 'digits +44 7700 900123' },
  ];
}

/** Where two strings first differ, for a failure message: "at code point 3: U+0065 U+0301 vs U+00E9". */
export function firstDifference(sent: string, got: unknown): string {
  if (typeof got !== 'string') return `got ${got === undefined ? 'nothing' : typeof got}`;
  const a = [...sent];
  const b = [...got];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (cps: string[]) =>
    cps
      .slice(i, i + 3)
      .map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`)
      .join(' ') || 'end';
  return `${a.length} vs ${b.length} code points, first difference at ${i}: ${show(a)} vs ${show(b)}`;
}
