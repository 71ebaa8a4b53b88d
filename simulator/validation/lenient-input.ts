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

/** A webhook path id as read by the lenient-UUID fault: braces and hyphens dropped, then hyphenated again. */
export function lenientUuid(id: string, faults: FaultSet): string {
  if (!faults.has('webhook-id-lenient-uuid')) return id;
  const hex = id.replace(/^\{|\}$/g, '').replaceAll('-', '');
  return /^[0-9a-f]{32}$/i.test(hex) ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : id;
}
