/**
 * The phone numbers a send request names, read as leniently as a sloppy server might (spaces, dashes or a missing +
 * stripped): the send guard admits a billable send only to the user's own numbers (DESIGN.md §5).
 */

/** The fewest digits of a phone number (the guard's --allow-recipient rule: + and 7 to 15 digits). */
export const phoneDigits = 7;

/** The value of a Unicode decimal digit: decimal digit blocks run in tens from their zero (Unicode's Nd property). */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0) ?? 0x30;
  let zero = code;
  while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((code - zero) % 10);
}

/** The digits a server that normalises a number would dial (Unicode digits too: the near-miss +١٤١٥... names a number). */
export function dialledDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, digitValue).replace(/\D/g, '');
}

/** Every run of digits (separators allowed between them) long enough to be a phone number, as digits. */
function numbersIn(text: string): string[] {
  return (text.match(/\p{Nd}[\p{Nd}\s().-]*/gu) ?? []).map(dialledDigits).filter((digits) => digits.length >= phoneDigits);
}

/**
 * The numbers a send body could be delivered to: its `to` (spec §4.1) when the body parses, else every number in
 * the raw text. Empty when it names none: a recipient that is missing or too short for a phone cannot be billed.
 */
export function recipientNumbers(body: unknown): string[] {
  let value = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const text = body.toString();
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return numbersIn(text);
    }
  }
  if (typeof value !== 'object' || value === null) return [];
  const to = (value as { to?: unknown }).to;
  if (to === undefined || to === null) return [];
  if (typeof to === 'string' || typeof to === 'number') {
    const digits = dialledDigits(String(to));
    return digits.length >= phoneDigits ? [digits] : [];
  }
  return numbersIn(JSON.stringify(to));
}
