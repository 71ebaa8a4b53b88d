import fc from 'fast-check';
import { E164_PATTERN, INVALID_E164_SAMPLES, e164Arbitrary } from './e164.js';
import { ArbitrariesError } from './json-schema.js';

/** String formats the generators support. */
export const SUPPORTED_FORMATS = ['date-time', 'date', 'uuid', 'uri', 'email', 'e164'] as const;

// Approximations of ajv-formats' "full" checks, used only to keep a mutation from breaking a second keyword.
const FORMAT_CHECKS: Record<string, RegExp> = {
  'date-time': /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]\d{2}(:?\d{2})?)$/,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  uuid: /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i,
  uri: /^[a-z][a-z0-9+.-]*:[^\s"<>\\^`{|}]*$/i,
  email: /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i,
  e164: E164_PATTERN,
};

const BAD_SAMPLES: Record<string, readonly string[]> = {
  'date-time': ['not-a-date-time', '2024-13-45T25:61:00Z', '2024-01-01'],
  date: ['not-a-date', '2024-13-45'],
  uuid: ['not-a-uuid', '123e4567-e89b-12d3-a456-42661417400', '123e4567e89b12d3a456426614174000'],
  uri: ['not a uri', '//missing-scheme.example/path'],
  email: ['not-an-email', 'missing-at.example.com'],
  e164: INVALID_E164_SAMPLES,
};

function unsupported(format: string): never {
  throw new ArbitrariesError(
    'UNSUPPORTED_SCHEMA',
    `string format "${format}" has no generator; use one of ${SUPPORTED_FORMATS.join(', ')} or pass an override for its path`,
  );
}

/** True when the string passes the format (unknown formats pass). */
export function matchesFormat(format: string, value: string): boolean {
  return FORMAT_CHECKS[format]?.test(value) ?? true;
}

const word = (chars: string, maxLength: number) => fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength });
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** https URLs: host labels, a TLD, a few path segments and maybe a query (fc.webUrl is ~20x slower). */
export function httpsUrlArbitrary(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(word(ALNUM, 12), { minLength: 1, maxLength: 3 }),
      fc.constantFrom('com', 'net', 'org', 'io', 'example', 'dev'),
      fc.array(word(`${ALNUM}-_.~`, 12), { maxLength: 3 }),
      fc.option(fc.tuple(word(ALNUM, 8), word(`${ALNUM}-`, 8)), { nil: undefined }),
    )
    .map(
      ([labels, tld, segments, query]) => `https://${labels.join('.')}.${tld}/${segments.join('/')}${query === undefined ? '' : `?${query[0]}=${query[1]}`}`,
    );
}

/** Values of a string format; `uri` gives https URLs. */
export function formatArbitrary(format: string): fc.Arbitrary<string> {
  switch (format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return formatArbitrary('date-time').map((s) => s.slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return httpsUrlArbitrary();
    case 'email':
      return fc.emailAddress();
    case 'e164':
      return e164Arbitrary();
    default:
      return unsupported(format);
  }
}

/** Strings that fail the format, best first. */
export function badFormatSamples(format: string): readonly string[] {
  return BAD_SAMPLES[format] ?? unsupported(format);
}

/** A value of the format with exactly `length` characters, or undefined when the format cannot have that length. */
export function formatOfLength(format: string, length: number): string | undefined {
  const pad = (n: number) => 'a'.repeat(Math.max(0, n));
  const fixed: Record<string, string> = {
    'date-time': '2024-01-01T00:00:00.000Z',
    date: '2024-01-01',
    uuid: '123e4567-e89b-42d3-a456-426614174000',
  };
  switch (format) {
    case 'uri':
      return length >= 20 ? `https://example.com/${pad(length - 20)}` : undefined;
    case 'email':
      return length >= 13 ? `${pad(length - 12)}@example.com` : undefined;
    case 'e164':
      return length >= 3 && length <= 16 ? `+1${'5'.repeat(length - 2)}` : undefined;
    default:
      return fixed[format]?.length === length ? fixed[format] : undefined;
  }
}
