import {
  receiverPublicAddress,
  receiverPublicOrigin,
  referenceFailingNumber,
  simulatorReceiverPort,
  simulatorWebhookUrl,
} from '../../spec/simulator-defaults.js';

/** The routing flags of `npm run simulator` as given (undefined or empty when not given). */
export interface GivenRouting {
  readonly mode: 'production' | 'simulator';
  readonly webhookUrl: string | undefined;
  readonly egress: Record<string, string>;
  readonly hosts: Record<string, string[]>;
  readonly failingNumbers: string[];
}

/** The routing the simulator runs with, and the loopback port its registered-webhook deliveries go to. */
export interface DefaultRouting {
  readonly webhookUrl: string | undefined;
  readonly egress: Record<string, string>;
  readonly hosts: Record<string, string[]>;
  readonly failingNumbers: string[];
  /** The loopback port `https://hooks.conformance.example` is routed to, or undefined when the user routed it elsewhere. */
  readonly receiverPort: number | undefined;
}

/** The loopback http port of a URL, or undefined when it is not a loopback http URL. */
export function loopbackHttpPort(url: string | undefined): number | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' || !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(parsed.hostname)) return undefined;
    return Number(parsed.port || 80);
  } catch {
    return undefined;
  }
}

/**
 * Fills in what the user did not give so that `npm run conform -- --target simulator` meets the simulator with no
 * flags (spec/simulator-defaults.ts): in simulator mode the one webhook URL is the harness receiver's default; the
 * harness's webhook host resolves to a public address (never contacted) and is routed to the same loopback port over
 * plain HTTP; the reference's failing recipient fails. Given flags win, entry by entry. The egress guard still
 * refuses every non-loopback destination.
 */
export function defaultRouting(given: GivenRouting): DefaultRouting {
  const webhookUrl = given.webhookUrl ?? (given.mode === 'simulator' ? simulatorWebhookUrl : undefined);
  const port = loopbackHttpPort(webhookUrl) ?? simulatorReceiverPort;
  const egress = { [receiverPublicOrigin]: `http://127.0.0.1:${port}`, ...given.egress };
  const routedTo = loopbackHttpPort(egress[receiverPublicOrigin]);
  return {
    webhookUrl,
    egress,
    hosts: { [new URL(receiverPublicOrigin).hostname]: [receiverPublicAddress], ...given.hosts },
    failingNumbers: given.failingNumbers.length > 0 ? given.failingNumbers : [referenceFailingNumber],
    receiverPort: routedTo,
  };
}
