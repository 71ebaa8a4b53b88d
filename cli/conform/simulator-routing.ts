import { simulatorReceiverPort, simulatorWebhookPath } from '../../spec/simulator-defaults.js';
import { HarnessError, isLoopbackUrl } from '../../targets/index.js';
import type { Profile } from '../../targets/index.js';

/** Where a simulator's deliveries meet the harness: the receiver's loopback port and the one configured URL's path. */
export interface SimulatorRouting {
  readonly receiverPort?: number;
  readonly oneWebhookPath?: string;
}

/** What the routing is derived from: the target's profile and the two flags. */
export interface SimulatorRoutingInput {
  readonly profile: Profile;
  /** --receiver-port, when given. */
  readonly receiverPort: number | undefined;
  /** --simulator-webhook-url, when given. */
  readonly webhookUrl: string | undefined;
  /** How the two settings are named in messages (parity's B has its own flags); default the flags above. */
  readonly labels?: { readonly receiverPort: string; readonly webhookUrl: string };
}

/**
 * The receiver port and one-URL path of a target. A simulator-profile target (`--target simulator`, or a URL with
 * `--profile simulator`) defaults to where `npm run simulator` delivers by default (spec/simulator-defaults.ts), so the two meet with no flags; --simulator-webhook-url names the URL a
 * simulator was started with (spec §8: "one configurable webhook URL"), and the receiver listens on its port.
 */
export function simulatorRouting(input: SimulatorRoutingInput): SimulatorRouting {
  const labels = input.labels ?? { receiverPort: '--receiver-port', webhookUrl: '--simulator-webhook-url' };
  if (input.webhookUrl === undefined) {
    if (!input.profile.webhooksToOneUrl) return input.receiverPort === undefined ? {} : { receiverPort: input.receiverPort };
    return { receiverPort: input.receiverPort ?? simulatorReceiverPort, oneWebhookPath: simulatorWebhookPath };
  }
  if (!input.profile.webhooksToOneUrl) {
    throw new HarnessError(
      'USAGE',
      `${labels.webhookUrl} applies to the simulator profile only (this run has ${input.profile.name}): add --profile simulator, or drop it.`,
    );
  }
  const url = loopbackHttpUrl(input.webhookUrl, labels.webhookUrl);
  const port = Number(url.port || 80);
  if (input.receiverPort !== undefined && input.receiverPort !== port) {
    throw new HarnessError(
      'USAGE',
      `${labels.webhookUrl} ${url.href} is on port ${port} but ${labels.receiverPort} is ${input.receiverPort}: the receiver listens on one port; give the same port to both (or drop ${labels.receiverPort}).`,
    );
  }
  return { receiverPort: port, oneWebhookPath: `${url.pathname}${url.search}` };
}

function loopbackHttpUrl(raw: string, label: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HarnessError(
      'USAGE',
      `${label} "${raw}" is not a URL: give the webhook URL the simulator was started with, e.g. http://127.0.0.1:4010/simulator-webhook-url.`,
    );
  }
  // the harness receiver listens on loopback over plain HTTP on a port it can name (DESIGN.md §5)
  if (url.protocol !== 'http:' || !isLoopbackUrl(url.href)) {
    throw new HarnessError(
      'USAGE',
      `${label} must be an http URL on 127.0.0.1 (the harness receiver), got ${url.origin}: start the simulator with --webhook-url http://127.0.0.1:<port>/<path> and give the same URL here.`,
    );
  }
  return url;
}
