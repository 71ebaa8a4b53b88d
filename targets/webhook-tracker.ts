import type { KeyRole } from './target.js';

/** A webhook the run created on the target, and the key that owns it. */
export interface TrackedWebhook {
  readonly id: string;
  readonly key: KeyRole;
}

const webhookItem = /^\/v1\/webhooks\/([^/?#]+)\/?$/;

/** Remembers every webhook a 2xx POST /v1/webhooks created and forgets it on DELETE, so the run can delete leftovers. */
export class WebhookTracker {
  private readonly live = new Map<string, TrackedWebhook>();

  /** Looks at one answered exchange (path relative to the base URL). */
  observe(method: string, path: string, key: KeyRole, status: number | undefined, json: unknown): void {
    if (status === undefined) return;
    const bare = path.split('?')[0]?.replace(/\/{2,}/g, '/') ?? '';
    if (method === 'POST' && bare.replace(/\/+$/, '') === '/v1/webhooks' && status >= 200 && status < 300) {
      const id = (json as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && id !== '') this.live.set(id, { id, key });
      return;
    }
    const match = method === 'DELETE' ? webhookItem.exec(bare) : null;
    // spec §4.2: a deleted webhook is gone; 404/410 mean it already was
    if (match && ((status >= 200 && status < 300) || status === 404 || status === 410)) {
      this.live.delete(decodeURIComponent(match[1] as string));
    }
  }

  /** The webhooks still live on the target. */
  leftovers(): TrackedWebhook[] {
    return [...this.live.values()];
  }
}
