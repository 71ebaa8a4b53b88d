// `npm run simulator`: the reference service on its own (see the help text below). Flags win over the environment.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { faultCatalogue, ReferenceConfigError, startReference } from '../../simulator/index.js';
import type { KeyConfig, ReferenceOptions } from '../../simulator/index.js';
import { ConventionUsageError, simulatorConventionHelp, simulatorConventionOptions, simulatorConventions } from './simulator-conventions.js';
import { simulatorApiPort, simulatorUiPort } from '../../spec/simulator-defaults.js';
import { conformCommandFor } from './conform-command-for.js';
import { faultListText } from '../shared/fault-list.js';
import { defaultRouting } from './default-routing.js';
import { exitWhenFlushed, stopOnSignal } from '../../targets/stop-on-signal.js';

class UsageError extends Error {}

const help = `usage: npm run simulator -- [options]

The reference SMS API as a development simulator (spec §8): API on 127.0.0.1:4001, virtual-phone UI on :4000.

  --mode production|simulator   simulator (default): any key, no rate limit, events also to --webhook-url;
                                production: keys with tiers (--key), 401, 100 requests/min/key   [SIM_MODE]
  --api-port N                  API port (default 4001)                                          [SIM_API_PORT]
  --ui-port N                   virtual-phone UI port (default 4000)                             [SIM_UI_PORT]
  --no-ui                       no web UI
  --host ADDR                   listen address (default 127.0.0.1)
  --webhook-url URL             the one URL every event is also sent to (loopback only; default
                                http://127.0.0.1:4010/simulator-webhook-url, where conform --target simulator listens)
                                                                                                 [SIM_WEBHOOK_URL]
  --key KEY:tier[:rate]         production mode: a key, tier growth|starter, requests/min or none  [SIM_KEYS, comma list]
  --fault ID                    switch on a named fault (repeatable; --fault list prints them)   [SIM_FAULTS, comma list]
  --failing-number E164         recipient whose messages end in failed (repeatable; default +15550009999)
                                                                                                 [SIM_FAILING_NUMBERS]
  --step-ms N                   time between lifecycle statuses (default 1000)                   [SIM_STEP_MS]
  --retry-attempts N            delivery attempts per event (default 3)                          [SIM_RETRY_ATTEMPTS]
  --retry-base-ms N             first retry delay, doubling after (default 1000)                 [SIM_RETRY_BASE_MS]
  --egress ORIGIN=LOOPBACK      deliveries to ORIGIN go to this loopback origin instead (repeatable; default
                                https://hooks.conformance.example=http://127.0.0.1:<the --webhook-url port, 4010>)
  --resolve HOST=IP[,IP]        static resolver entry for webhook URL checks; no DNS is ever queried (repeatable;
                                default hooks.conformance.example=93.184.216.34, never contacted)
  --trusted-ca FILE             PEM of a CA trusted for HTTPS deliveries (e.g. the receiver's)   [SIM_TRUSTED_CA_FILE]
${simulatorConventionHelp}
  --help

Deliveries only ever go to loopback addresses (the egress guard); anything else is recorded as a failed delivery
with status_code null, without a connection. With the defaults, \`npm run conform -- --target simulator\` tests it;
otherwise the simulator prints at start the conform command that does. Stop with Ctrl-C.`;

function port(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`${name} is "${raw}": give a port number from 0 to 65535`);
  return n;
}

function count(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${name} is "${raw}": give a whole number >= ${min}`);
  return n;
}

function trustedCa(file: string | undefined): { trustedCa?: string } {
  if (!file) return {};
  try {
    return { trustedCa: readFileSync(file, 'utf8') };
  } catch (err) {
    throw new UsageError(`--trusted-ca ${file} cannot be read (${(err as Error).message}): give a PEM file`);
  }
}

function list(flag: string[] | undefined, env: string | undefined): string[] {
  if (flag && flag.length > 0) return flag;
  return (env ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseKey(spec: string): [string, KeyConfig] {
  const [key, tier, rate] = spec.split(':');
  if (!key || (tier !== 'growth' && tier !== 'starter'))
    throw new UsageError('--key must look like KEY:growth or KEY:starter[:rate] (rate = requests per minute or "none")');
  const ratePerMinute = rate === undefined ? 100 : rate === 'none' ? null : Number(rate);
  if (ratePerMinute !== null && (!Number.isInteger(ratePerMinute) || ratePerMinute < 1))
    throw new UsageError('--key rate must be a positive integer or "none"');
  return [key, { tier, ratePerMinute }];
}

function pairs(items: string[], flag: string): [string, string][] {
  return items.map((item) => {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`${flag} must look like NAME=VALUE, got "${item}"`);
    return [item.slice(0, at), item.slice(at + 1)];
  });
}

function options(argv: string[], env: NodeJS.ProcessEnv): { reference: ReferenceOptions; receiverPort: number | undefined } {
  const { values } = parseArgs({
    args: argv,
    options: {
      'api-port': { type: 'string' },
      'ui-port': { type: 'string' },
      'no-ui': { type: 'boolean' },
      'webhook-url': { type: 'string' },
      mode: { type: 'string' },
      fault: { type: 'string', multiple: true },
      key: { type: 'string', multiple: true },
      egress: { type: 'string', multiple: true },
      resolve: { type: 'string', multiple: true },
      host: { type: 'string' },
      'failing-number': { type: 'string', multiple: true },
      'step-ms': { type: 'string' },
      'retry-attempts': { type: 'string' },
      'retry-base-ms': { type: 'string' },
      'trusted-ca': { type: 'string' },
      ...simulatorConventionOptions,
    },
    strict: true,
  });
  const mode = values.mode ?? env.SIM_MODE ?? 'simulator';
  if (mode !== 'production' && mode !== 'simulator') throw new UsageError(`--mode is "${mode}": use production or simulator`);
  const host = values.host ?? '127.0.0.1';
  // defaults where `npm run conform -- --target simulator` meets the simulator (spec/simulator-defaults.ts)
  const routing = defaultRouting({
    mode,
    webhookUrl: values['webhook-url'] ?? env.SIM_WEBHOOK_URL,
    egress: Object.fromEntries(pairs(values.egress ?? [], '--egress')),
    hosts: Object.fromEntries(pairs(values.resolve ?? [], '--resolve').map(([h, ips]) => [h, ips.split(',')])),
    failingNumbers: list(values['failing-number'], env.SIM_FAILING_NUMBERS),
  });
  const { webhookUrl } = routing;
  const reference: ReferenceOptions = {
    mode,
    host,
    port: port('--api-port', values['api-port'] ?? env.SIM_API_PORT, simulatorApiPort),
    ui: values['no-ui'] ? false : { port: port('--ui-port', values['ui-port'] ?? env.SIM_UI_PORT, simulatorUiPort), host },
    faults: list(values.fault, env.SIM_FAULTS),
    keys: Object.fromEntries(list(values.key, env.SIM_KEYS).map(parseKey)),
    egress: routing.egress,
    hosts: routing.hosts,
    lifecycle: { stepMs: count('--step-ms', values['step-ms'] ?? env.SIM_STEP_MS, 1000, 0) },
    failingNumbers: routing.failingNumbers,
    retry: {
      maxAttempts: count('--retry-attempts', values['retry-attempts'] ?? env.SIM_RETRY_ATTEMPTS, 3, 1),
      baseDelayMs: count('--retry-base-ms', values['retry-base-ms'] ?? env.SIM_RETRY_BASE_MS, 1000, 0),
    },
    ...trustedCa(values['trusted-ca'] ?? env.SIM_TRUSTED_CA_FILE),
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(env.SIM_WEBHOOK_SECRET ? { webhookSecret: env.SIM_WEBHOOK_SECRET } : {}),
    ...simulatorConventions(values, env),
  };
  return { reference, receiverPort: routing.receiverPort };
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(help);
    return;
  }
  const argv = process.argv.slice(2);
  if (argv.some((arg, i) => arg === '--fault=list' || (arg === '--fault' && argv[i + 1] === 'list'))) {
    process.stdout.write(faultListText(faultCatalogue));
    return;
  }
  let server: Awaited<ReturnType<typeof startReference>> | undefined;
  // installed before the first line is printed: a Ctrl-C right after "test it with" must find it (one keypress arrives
  // two or three times under npm: targets/stop-on-signal.ts)
  stopOnSignal({
    onStop: (signal) => {
      console.log(`simulator: ${signal} received, stopping`);
      void (server?.stop() ?? Promise.resolve()).then(() => exitWhenFlushed(0));
    },
  });
  try {
    const { reference: opts, receiverPort } = options(argv, process.env);
    server = await startReference(opts);
    const ui = server.uiUrl ? `, UI on ${server.uiUrl}` : '';
    const mode = opts.mode ?? 'simulator';
    console.log(`simulator: API on ${server.url}/v1 (mode ${mode})${ui}`);
    if (opts.webhookUrl) console.log(`simulator: events go to ${opts.webhookUrl} (signing secret from SIM_WEBHOOK_SECRET, or generated)`);
    // spec §8: the one configured webhook URL; the harness must listen where this simulator delivers
    console.log(`simulator: test it with: ${conformCommandFor({ mode, apiUrl: server.url, webhookUrl: opts.webhookUrl, receiverPort, uiUrl: server.uiUrl })}`);
  } catch (err) {
    if (
      err instanceof UsageError ||
      err instanceof ConventionUsageError ||
      err instanceof ReferenceConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`simulator: ${(err as Error).message}`);
      exitWhenFlushed(2);
      return;
    }
    throw err;
  }
}

await main();
