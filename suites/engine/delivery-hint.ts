import type { Receiver } from '../../receiver/index.js';
import type { Target } from '../../targets/index.js';

/** A hint, and whether the check is skipped rather than failed (a simulator that sends only to its one URL). */
export interface DeliveriesHint {
  readonly text: string;
  readonly skip: boolean;
}

/**
 * What to configure when a check that waits for webhook deliveries fails and the receiver has seen none from the target
 * (or only at the simulator's one configured URL): the usual cause is routing, not the target's behaviour. Undefined
 * when deliveries do reach registered webhooks.
 */
export function missingDeliveriesHint(target: Target, receiver: Receiver): DeliveriesHint | undefined {
  const all = receiver.store.all();
  const oneUrl = target.oneWebhookPath;
  const registered = all.filter((d) => d.path !== oneUrl).length;
  if (registered > 0) return undefined;
  const port = new URL(receiver.httpUrl).port;
  const probe = target.receiverUrl('/').replace(/\/$/, '');
  if (oneUrl !== undefined && all.length > 0) {
    // spec §8 "sends webhooks to one configurable webhook URL" may mean only there: a reading, not a failure
    const text = `no delivery has reached a registered webhook in this run, only the simulator's one configured URL: this simulator sends events only there (spec §8), or it cannot reach ${probe}; to test registered webhooks, route that origin to http://127.0.0.1:${port} (npm run simulator does by default)`;
    return { text, skip: true };
  }
  if (!target.profile.local && !target.receiverForwarded) return undefined; // skipped before: needs --receiver-url
  const remote = target.receiverForwarded
    ? `check that your forwarder sends ${probe} to 127.0.0.1:${port} (--receiver-url, --receiver-port)`
    : `a simulator must deliver webhooks registered under ${probe} to http://127.0.0.1:${port} (npm run simulator does so by default; yours: resolve that host to a public address, send to that port, and start conform with --receiver-port ${port}), and its one webhook URL must be on that port (--simulator-webhook-url); a remote target needs --receiver-url <public https origin> forwarding to --receiver-port`;
  return { text: `no webhook delivery has reached the harness receiver (http://127.0.0.1:${port}) in this run. To fix: ${remote}`, skip: false };
}
