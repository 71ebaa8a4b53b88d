import fc from 'fast-check';

/** BMP code point ranges of non-Latin scripts (and Latin letters outside GSM-7) that force UCS-2 encoding. */
export const UCS2_SCRIPT_RANGES: ReadonlyArray<readonly [name: string, from: number, to: number]> = [
  ['cyrillic', 0x0410, 0x044f],
  ['greek-lower', 0x03b1, 0x03c9],
  ['hebrew', 0x05d0, 0x05ea],
  ['arabic', 0x0621, 0x064a],
  ['devanagari', 0x0905, 0x0939],
  ['thai', 0x0e01, 0x0e30],
  ['hiragana', 0x3041, 0x3096],
  ['cjk', 0x4e00, 0x9fff],
  ['hangul', 0xac00, 0xd7a3],
  ['latin-extended-a', 0x0100, 0x017f],
];

/** One BMP character from a non-Latin script (never in GSM-7). */
export function ucs2CharArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(...UCS2_SCRIPT_RANGES.map(([, from, to]) => fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp))));
}

/** UCS-2 text (BMP only, at least one non-GSM-7 character) with a length between the bounds. */
export function ucs2TextArbitrary(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  const minLength = Math.max(1, options.minLength ?? 1);
  const maxLength = options.maxLength ?? 70;
  const unit = fc.oneof({ arbitrary: ucs2CharArbitrary(), weight: 3 }, { arbitrary: fc.constantFrom(...' .,!?0123456789'), weight: 1 });
  return fc.tuple(ucs2CharArbitrary(), fc.string({ unit, minLength: minLength - 1, maxLength: maxLength - 1 })).map(([first, rest]) => first + rest);
}
