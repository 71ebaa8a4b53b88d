import { simulatorApiPort, simulatorReceiverPort, simulatorUiPort, simulatorWebhookUrl, virtualPhoneTrigger } from '../../spec/simulator-defaults.js';
import { loopbackHttpPort } from './default-routing.js';

/** What a running simulator was started with, as far as a conformance run needs to know. */
export interface RunningSimulator {
  readonly mode: 'production' | 'simulator';
  /** The API origin, e.g. http://127.0.0.1:4001. */
  readonly apiUrl: string;
  readonly webhookUrl: string | undefined;
  /** The loopback port registered webhooks are delivered to, when they reach a receiver at all. */
  readonly receiverPort: number | undefined;
  /** The virtual-phone UI's origin, when the UI runs (its phones are the inbound trigger, spec §6). */
  readonly uiUrl?: string | undefined;
  /** Its conventions as given to it (the file path as typed): conform takes the same flags (docs/conventions.md). */
  readonly conventions?: { templates?: string | undefined; signatureScheme?: string | undefined; signatureHeader?: string | undefined };
}

/** A word the shell passes through as it is, else the word in single quotes. */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The conform flags of the simulator's own conventions: a run without them fails what the simulator does on purpose. */
function conventionFlags(given: RunningSimulator['conventions']): string[] {
  const flags: [string, string | undefined][] = [
    ['--templates', given?.templates],
    ['--signature-scheme', given?.signatureScheme],
    ['--signature-header', given?.signatureHeader],
  ];
  return flags.filter((flag): flag is [string, string] => flag[1] !== undefined && flag[1] !== '').map(([flag, value]) => `${flag} ${shellWord(value)}`);
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
    return ['CONFORM_API_KEY=<a growth --key> npm run conform -- --target production', `--base-url ${apiOrigin}`, ...conventionFlags(sim.conventions)].join(
      ' ',
    );
  }
  const flags = ['--target simulator'];
  if (Number(api.port) !== simulatorApiPort) flags.push(`--base-url ${apiOrigin}`);
  const urlPort = loopbackHttpPort(sim.webhookUrl);
  const port = sim.receiverPort ?? urlPort;
  if (port !== undefined && port !== simulatorReceiverPort) flags.push(`--receiver-port ${port}`);
  if (sim.webhookUrl !== undefined && urlPort !== undefined && sim.webhookUrl !== simulatorWebhookUrl) flags.push(`--simulator-webhook-url ${sim.webhookUrl}`);
  // --target simulator knows the phones on the default ports only (cli/conform/resolve-run.ts)
  const ui = sim.uiUrl === undefined ? undefined : new URL(sim.uiUrl);
  if (ui !== undefined && (Number(api.port) !== simulatorApiPort || Number(ui.port) !== simulatorUiPort)) {
    flags.push(`--inbound-trigger '${virtualPhoneTrigger(`http://127.0.0.1:${ui.port || 80}`)}'`);
  }
  flags.push(...conventionFlags(sim.conventions));
  return `npm run conform -- ${flags.join(' ')}`;
}
