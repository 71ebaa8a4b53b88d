// The few DER (ITU-T X.690) encodings a self-signed X.509 certificate needs (receiver/tls-certificate.ts): tag, length,
// contents. Enough for the receiver's certificate, not a general ASN.1 library.

/** One DER element: its tag byte and contents. */
export function der(tag: number, ...contents: readonly Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const n = body.length;
  // definite length: short form under 128, else 0x80 + the number of length bytes, big-endian
  const length = n < 0x80 ? Buffer.from([n]) : lengthBytes(n);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

function lengthBytes(n: number): Buffer {
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** SEQUENCE of the elements. */
export const sequence = (...elements: readonly Buffer[]): Buffer => der(0x30, ...elements);

/** SET of the elements (one element here: no ordering needed). */
export const set = (...elements: readonly Buffer[]): Buffer => der(0x31, ...elements);

/** OBJECT IDENTIFIER from its dotted form. */
export function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let v = arc; ; v = Math.floor(v / 128)) {
      groups.unshift(v % 128);
      if (v < 128) break;
    }
    bytes.push(...groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)));
  }
  return der(0x06, Buffer.from(bytes));
}

/** INTEGER from unsigned big-endian bytes, minimal as DER requires (no leading zero unless the next byte has its high bit). */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  return der(0x02, (minimal[0] ?? 0) >= 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

/** INTEGER of a small non-negative number. */
export const smallInteger = (n: number): Buffer => der(0x02, Buffer.from([n]));

/** BIT STRING with the given count of unused bits in its last byte. */
export const bitString = (bytes: Buffer, unusedBits = 0): Buffer => der(0x03, Buffer.from([unusedBits]), bytes);

/** OCTET STRING. */
export const octetString = (bytes: Buffer): Buffer => der(0x04, bytes);

/** UTF8String. */
export const utf8String = (text: string): Buffer => der(0x0c, Buffer.from(text, 'utf8'));

/** BOOLEAN true (DER: 0xff). */
export const booleanTrue = (): Buffer => der(0x01, Buffer.from([0xff]));

/** UTCTime (YYMMDDHHMMSSZ, years 1950-2049) or GeneralizedTime from 2050 on (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(digits.slice(2), 'ascii')) : der(0x18, Buffer.from(digits, 'ascii'));
}

/** A context-specific element: `[n]` constructed (EXPLICIT) or primitive (IMPLICIT over a primitive type). */
export const context = (n: number, constructed: boolean, ...contents: readonly Buffer[]): Buffer => der((constructed ? 0xa0 : 0x80) | n, ...contents);
