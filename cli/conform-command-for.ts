import { simulatorApiPort, simulatorReceiverPort, simulatorWebhookUrl } from '../spec/simulator-defaults.js';
import { loopbackHttpPort } from './simulator-default-routing.js';

/** What a running simulator was started with, as far as a conformance run needs to know. */
export interface RunningSimulator {
  readonly mode: 'production' | 'simulator';
  /** The API origin, e.g. http://127.0.0.1:4001. */
  readonly apiUrl: string;
  readonly webhookUrl: string | undefined;
  /** The loopback port registered webhooks are delivered to, when they reach a receiver at all. */
  readonly receiverPort: number | undefined;
}

/**
 * The exact `npm run conform` command that tests a running simulator (printed at its start): `--target simulator`
 * alone when it runs with the defaults, the differing flags otherwise. Never includes a key (spec §5: the simulator
 * takes any; a production-mode one needs CONFORM_API_KEY, named but not printed).
 */
export function conformCommandFor(sim: RunningSimulator): string {
  const api = new URL(sim.apiUrl);
  const apiOrigin = `http://127.0.0.1:${api.port || 80}`;
  if (sim.mode === 'production') {
    return `CONFORM_API_KEY=<a growth --key> npm run conform -- --target production --base-url ${apiOrigin}`;
  }
  const flags = ['--target simulator'];
  if (Number(api.port) !== simulatorApiPort) flags.push(`--base-url ${apiOrigin}`);
  const urlPort = loopbackHttpPort(sim.webhookUrl);
  const port = sim.receiverPort ?? urlPort;
  if (port !== undefined && port !== simulatorReceiverPort) flags.push(`--receiver-port ${port}`);
  if (sim.webhookUrl !== undefined && urlPort !== undefined && sim.webhookUrl !== simulatorWebhookUrl) flags.push(`--simulator-webhook-url ${sim.webhookUrl}`);
  return `npm run conform -- ${flags.join(' ')}`;
}
