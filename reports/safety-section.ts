import type { RunResult } from '../results/run-result.js';

/** The column names of the send ledger. */
export const ledgerHeader: readonly string[] = ['#', 'check', 'operation', 'recipient', 'tier', 'status', 'message id'];

/** The send ledger as table rows (message ids, recipients — the user's own numbers —, tier). */
export function ledgerRows(result: RunResult): string[][] {
  return (result.sends?.ledger ?? []).map((send, i) => [
    String(i + 1),
    send.check ?? '-',
    send.operation,
    send.recipient,
    send.tier,
    send.status === undefined ? (send.error ?? '-') : String(send.status),
    send.messageId ?? '-',
  ]);
}

/** One sentence on what the run sent and cleaned up, or undefined when there is nothing to say. */
export function safetySummary(result: RunResult): string | undefined {
  const parts: string[] = [];
  const sends = result.sends;
  if (sends?.guarded) {
    const policy = sends.allowSend ? `allowed (max ${sends.maxSends}, to ${sends.allowedRecipients.join(', ') || 'no recipient'})` : 'not allowed';
    parts.push(
      `Billable sends: ${sends.sent} sent (${sends.counted} new messages counted against --max-sends), ${sends.refused} refused by the client; sending ${policy}.`,
    );
  }
  const cleanup = result.cleanup;
  if (cleanup) {
    parts.push(`Clean-up: ${cleanup.webhooksDeleted.length} leftover webhook(s) deleted.`);
    if (cleanup.webhooksLeft.length > 0) parts.push(`Could NOT delete (remove by hand): ${cleanup.webhooksLeft.join('; ')}.`);
  }
  return parts.length === 0 ? undefined : parts.join(' ');
}
