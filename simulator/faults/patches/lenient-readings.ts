/**
 * The readings of the near-miss faults (faults/near-miss-faults.ts): what a sloppy implementation does with input that
 * is almost valid, applied to the request before the service reads it.
 */

/** The ASCII digit of any Unicode decimal digit (decimal digit blocks run in tens from their zero). */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    let zero = d.codePointAt(0) ?? 0x30;
    while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    return String(((d.codePointAt(0) ?? 0x30) - zero) % 10);
  });
}

/** `body` with its string field `field` read by `read` (other values pass as they are). */
export function withField(body: Record<string, unknown>, field: string, read: (value: string) => string): Record<string, unknown> {
  const value = body[field];
  return typeof value === 'string' ? { ...body, [field]: read(value) } : body;
}

/** A copy of `query` with its parameter `name` read by `read` (absent: as it is; undefined: dropped). */
export function withParam(query: URLSearchParams, name: string, read: (value: string) => string | undefined): URLSearchParams {
  const raw = query.get(name);
  if (raw === null) return query;
  const copy = new URLSearchParams(query);
  const value = read(raw);
  if (value === undefined) copy.delete(name);
  else copy.set(name, value);
  return copy;
}

/** The parseInt reading of an integer parameter: "2abc" is 2, "abc" is not given. */
export function parseIntReading(raw: string): string | undefined {
  const value = Number.parseInt(raw, 10);
  return Number.isNaN(value) ? undefined : String(value);
}

/** The value of an integer parameter as the service reads it (spec: digits only), else NaN. */
export function integerOf(raw: string | null): number {
  return raw !== null && /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
}
