import fc from 'fast-check';

/** GSM 03.38 basic character set (7-bit default alphabet, without the escape code). */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' + '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: each character costs two septets (escape + code). */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

/** True when every character of the text is in the GSM-7 basic set or extension table. */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!basic.has(ch) && !extension.has(ch)) return false;
  return true;
}

/** Number of septets the text takes in GSM-7 (extension characters count twice), or undefined if not GSM-7. */
export function gsm7Septets(text: string): number | undefined {
  let n = 0;
  for (const ch of text) {
    if (basic.has(ch)) n += 1;
    else if (extension.has(ch)) n += 2;
    else return undefined;
  }
  return n;
}

/** One GSM-7 character; `extended` also draws from the extension table. */
export function gsm7CharArbitrary(extended = false): fc.Arbitrary<string> {
  const basicArb = fc.constantFrom(...GSM7_BASIC);
  return extended ? fc.oneof({ arbitrary: basicArb, weight: 4 }, { arbitrary: fc.constantFrom(...GSM7_EXTENSION), weight: 1 }) : basicArb;
}

/** GSM-7 text with a length in characters between the bounds. */
export function gsm7TextArbitrary(options: { minLength?: number; maxLength?: number; extended?: boolean } = {}): fc.Arbitrary<string> {
  return fc.string({ unit: gsm7CharArbitrary(options.extended), minLength: options.minLength ?? 0, maxLength: options.maxLength ?? 160 });
}
