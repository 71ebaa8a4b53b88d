import fc from 'fast-check';
import { ArbitrariesError } from './json-schema.js';

/** The custom `e164` format: `+`, a non-zero digit, then 1 to 14 digits (2..15 digits in all). */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** Country calling codes to draw from (NANP, Russia, Egypt, UK, Germany, India, Nigeria, Finland, Hong Kong ...). */
export const COUNTRY_CODES: readonly string[] = [
  '1',
  '7',
  '20',
  '27',
  '33',
  '44',
  '49',
  '55',
  '61',
  '81',
  '86',
  '91',
  '234',
  '353',
  '358',
  '380',
  '852',
  '971',
  '998',
];

/**
 * Strings that are not E.164 numbers, each wrong in one way. The first is the one a deterministic negative case
 * uses: it names no phone number at all, so even a lenient production target cannot bill it (DESIGN.md §5).
 */
export const INVALID_E164_SAMPLES: readonly string[] = [
  '+44abc',
  '+0123456789',
  '14155550123',
  '+1',
  '+1234567890123456',
  '+1 415 555 0123',
  '+1-415-555-0123',
];

/** Options of {@link e164Arbitrary}. */
export interface E164Options {
  /** Draw only from these numbers (e.g. a production recipient allow-list); each must be E.164. */
  allowList?: readonly string[];
}

/** E.164 phone numbers: a country code and subscriber digits, 2..15 digits in all. */
export function e164Arbitrary(options: E164Options = {}): fc.Arbitrary<string> {
  if (options.allowList !== undefined) {
    const bad = options.allowList.filter((n) => !E164_PATTERN.test(n));
    if (options.allowList.length === 0 || bad.length > 0) {
      throw new ArbitrariesError('UNSATISFIABLE', `e164Arbitrary allow-list is empty or has non-E.164 entries (${bad.length}); list numbers like +14155550123`);
    }
    return fc.constantFrom(...options.allowList);
  }
  const countryCode = fc.oneof(
    { arbitrary: fc.constantFrom(...COUNTRY_CODES), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 9 }).map(String), weight: 1 },
  );
  return countryCode.chain((cc) =>
    fc
      .string({ unit: fc.constantFrom(...'0123456789'), minLength: Math.max(1, 2 - cc.length), maxLength: 15 - cc.length })
      .map((subscriber) => `+${cc}${subscriber}`),
  );
}
