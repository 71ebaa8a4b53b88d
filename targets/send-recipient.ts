/**
 * The phone numbers a send request names, read as leniently as a sloppy server might (spaces, dashes or a missing +
 * stripped): the send guard admits a billable send only to the user's own numbers (DESIGN.md §5).
 */

/** The fewest digits of a phone number (the guard's --allow-recipient rule: + and 7 to 15 digits). */
export const phoneDigits = 7;

/** The digits a server that normalises a number would dial. */
export function dialledDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Every run of digits (separators allowed between them) long enough to be a phone number, as digits. */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d\s().-]*/g) ?? []).map(dialledDigits).filter((digits) => digits.length >= phoneDigits);
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
