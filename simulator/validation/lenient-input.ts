import type { FaultSet } from '../faults/fault-set.js';

/**
 * The lenient readings of the near-miss faults (faults/near-miss-faults.ts), each switched on by its fault: what a
 * sloppy implementation does with input that is almost valid. With no fault on, every function returns its input.
 */

/** An enum value as read by the case-insensitive or prefix-matching faults: the member it is taken for, else as given. */
export function lenientEnum(raw: string, allowed: readonly string[], reading: 'case' | 'prefix' | undefined): string {
  if (reading === 'case') return allowed.find((m) => m.toLowerCase() === raw.toLowerCase()) ?? raw;
  if (reading === 'prefix' && raw !== '') return allowed.find((m) => m.startsWith(raw)) ?? raw;
  return raw;
}

/** The ASCII digit of any Unicode decimal digit (decimal digit blocks run in tens from their zero). */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    let zero = d.codePointAt(0) ?? 0x30;
    while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    return String(((d.codePointAt(0) ?? 0x30) - zero) % 10);
  });
}

/** The `to` of a free-form send as read by the formatting and Unicode-digit faults. */
export function lenientSendTo(to: string, faults: FaultSet): string {
  let out = to;
  if (faults.has('to-formatting-normalised')) out = out.replace(/[\s().-]/g, '');
  if (faults.has('to-unicode-digits')) out = asciiDigits(out);
  return out;
}

/** The `to` of a send-template as read by the international-prefix fault: 00 or a bare number become +. */
export function lenientTemplateTo(to: string, faults: FaultSet): string {
  if (!faults.has('template-to-international-prefix')) return to;
  if (to.startsWith('00')) return `+${to.slice(2)}`;
  return /^\d+$/.test(to) ? `+${to}` : to;
}

/** A webhook path id as read by the lenient-UUID fault: braces and hyphens dropped, then hyphenated again. */
export function lenientUuid(id: string, faults: FaultSet): string {
  if (!faults.has('webhook-id-lenient-uuid')) return id;
  const hex = id.replace(/^\{|\}$/g, '').replaceAll('-', '');
  return /^[0-9a-f]{32}$/i.test(hex) ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : id;
}
