import type { HttpClient } from '../../targets/index.js';
import type { CleanupReport } from '../../results/run-result.js';

/** Bounds of the clean-up at the end of a run. */
export interface CleanupOptions {
  /** Per DELETE (default 5 s). */
  readonly timeoutMs?: number;
  /** Most webhooks deleted (default 200): a bounded loop even if a target invents ids. */
  readonly max?: number;
  /** The whole clean-up (default 30 s). */
  readonly deadlineMs?: number;
}

/** Deletes every webhook the run created and did not delete itself (also after a failure or Ctrl-C); never throws. */
export async function deleteLeftoverWebhooks(http: HttpClient, options: CleanupOptions = {}): Promise<CleanupReport> {
  const deleted: string[] = [];
  const failed: { id: string; reason: string }[] = [];
  const deadline = AbortSignal.timeout(options.deadlineMs ?? 30_000);
  const leftovers = http.createdWebhooks.slice(0, options.max ?? 200);
  for (const webhook of leftovers) {
    if (deadline.aborted) {
      failed.push({ id: webhook.id, reason: 'the clean-up deadline passed' });
      continue;
    }
    try {
      const exchange = await http.request({
        method: 'DELETE',
        path: `/v1/webhooks/${encodeURIComponent(webhook.id)}`,
        key: webhook.key,
        timeoutMs: options.timeoutMs ?? 5_000,
        signal: deadline,
        cleanup: true,
      });
      // spec §4.2 DELETE; 404/410: already gone
      const ok = exchange.status !== undefined && ((exchange.status >= 200 && exchange.status < 300) || exchange.status === 404 || exchange.status === 410);
      if (ok) deleted.push(webhook.id);
      else failed.push({ id: webhook.id, reason: exchange.error ? `${exchange.error.code} ${exchange.error.message}` : `answered ${exchange.status}` });
    } catch (error) {
      failed.push({ id: webhook.id, reason: (error as Error).message });
    }
  }
  return { webhooksDeleted: deleted, webhooksLeft: failed.map((f) => `${f.id}: ${f.reason}`) };
}
