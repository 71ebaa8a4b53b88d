// Where `npm run simulator` and `npm run conform -- --target simulator` meet with no flags: each default is defined
// here once, imported by the simulator CLI (simulator/ may import only spec/) and by the harness.

/** The API port of the development simulator (spec §8: "API on local port 4001 by default"). */
export const simulatorApiPort = 4001;

/** The virtual-phone UI port of the development simulator (spec §8: "web UI on port 4000 by default"). */
export const simulatorUiPort = 4000;

/** The loopback port where `--target simulator` starts the webhook receiver's HTTP server, and where the simulator delivers. */
export const simulatorReceiverPort = 4010;

/** The receiver path of the simulator's one configured webhook URL (spec §8: "one configurable webhook URL"). */
export const simulatorWebhookPath = '/simulator-webhook-url';

/** The simulator's default webhook URL: the harness receiver at its default port and path. */
export const simulatorWebhookUrl = `http://127.0.0.1:${simulatorReceiverPort}${simulatorWebhookPath}`;

/** The public-looking origin the harness registers webhooks under (spec §2.3: HTTPS, never a private network). */
export const receiverPublicOrigin = 'https://hooks.conformance.example';

/**
 * The public unicast address (example.com's historical one) the reference's static resolver gives that host. It is never
 * contacted: the egress router maps the origin to a loopback receiver (DESIGN.md §5). RFC 5737 documentation ranges would
 * not do: the URL rules rightly treat them as non-public.
 */
export const receiverPublicAddress = '93.184.216.34';

/** The recipient the reference and the simulator fail on purpose by default, so message.failed can be seen (spec §6). */
export const referenceFailingNumber = '+15550009999';

/**
 * The request a virtual phone of the simulator's UI makes to text the service (spec §1, §6), in the notation of the
 * harness's --inbound-trigger setting: `{from}`, `{to}` and `{message}` are filled per inbound text.
 */
export function virtualPhoneTrigger(uiOrigin: string): string {
  return `POST ${uiOrigin.replace(/\/+$/, '')}/ui/phones/{from}/send {"to":"{to}","message":"{message}"}`;
}

/** The virtual-phone request of `npm run simulator` on its defaults (the UI on port 4000). */
export const simulatorInboundTrigger = virtualPhoneTrigger(`http://127.0.0.1:${simulatorUiPort}`);
