import { randomInt } from 'node:crypto';
import type { Target } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';

/** The sender number of the scenarios' messages: a fictional one (NANP 555-01xx, reserved for fiction). */
export const senderNumber = '+14155550199';

/** A fictional E.164 number: +1 NPA 555-01xx (reserved for fiction, so a production send reaches nobody). */
export function fictionalNumber(): string {
  return `+1${randomInt(201, 990)}55501${String(randomInt(0, 100)).padStart(2, '0')}`;
}

/** The recipients the target fails on purpose, if it names any (DESIGN.md §4 status lifecycle; --failing-recipient). */
export function failingRecipients(target: Target): readonly string[] {
  return target.conventions.failingRecipients;
}

/**
 * The recipient of a check's send, one the target does not fail on purpose: on a guarded target one of
 * --allow-recipient (DESIGN.md §5; a failing one only when every allowed number is), else a fictional number that is
 * neither failing nor the sender. A check that wants the failing path sends to failingRecipients(target) itself.
 */
export function recipientFor(ctx: Pick<CheckContext, 'http' | 'target'>): string {
  const failing = new Set(failingRecipients(ctx.target));
  const allowed = ctx.http.allowedRecipients ?? [];
  const normal = allowed.filter((number) => !failing.has(number));
  const pool = normal.length > 0 ? normal : allowed;
  if (pool.length > 0) return pool[randomInt(pool.length)] as string;
  for (;;) {
    const candidate = fictionalNumber();
    if (!failing.has(candidate) && candidate !== senderNumber) return candidate;
  }
}
