// `npm run simulator`: the reference service on its own (see the help text below). Flags win over the environment.
import { readFileSync } from 'node:fs';
import { faultCatalogue, ReferenceConfigError, startReference } from '../../simulator/index.js';
import type { KeyConfig, ReferenceOptions } from '../../simulator/index.js';
import { ConventionUsageError, simulatorConventions } from './simulator-conventions.js';
import { conformCommandFor } from './conform-command-for.js';
import { faultListText } from '../shared/fault-list.js';
import { defaultRouting } from './default-routing.js';
import { isHarnessError } from '../../targets/harness-error.js';
import { exitWhenFlushed, stopOnSignal } from '../../targets/stop-on-signal.js';
import type { ResolvedValues } from '../options/option-values.js';
import { renderHelp } from '../options/render-help.js';
import { readCommandLine } from '../options/resolve-values.js';
import { simulatorHelp, simulatorOptions } from './simulator-options.js';

class UsageError extends Error {}

function trustedCa(file: string | undefined): { trustedCa?: string } {
  if (!file) return {};
  try {
    return { trustedCa: readFileSync(file, 'utf8') };
  } catch (err) {
    throw new UsageError(`--trusted-ca ${file} cannot be read (${(err as Error).message}): give a PEM file`);
  }
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

type Values = ResolvedValues<typeof simulatorOptions>;

function options(values: Values): { reference: ReferenceOptions; receiverPort: number | undefined; values: Values } {
  const { mode, host } = values;
  // defaults where `npm run conform -- --target simulator` meets the simulator (spec/simulator-defaults.ts)
  const routing = defaultRouting({
    mode,
    webhookUrl: values.webhookUrl,
    egress: Object.fromEntries(pairs(values.egress ?? [], '--egress')),
    hosts: Object.fromEntries(pairs(values.resolve ?? [], '--resolve').map(([h, ips]) => [h, ips.split(',')])),
    failingNumbers: values.failingNumber ?? [],
  });
  const { webhookUrl } = routing;
  const reference: ReferenceOptions = {
    mode,
    host,
    port: values.apiPort,
    ui: values.noUi ? false : { port: values.uiPort, host },
    faults: values.fault ?? [],
    keys: Object.fromEntries((values.key ?? []).map(parseKey)),
    egress: routing.egress,
    hosts: routing.hosts,
    lifecycle: { stepMs: values.stepMs },
    failingNumbers: routing.failingNumbers,
    retry: { maxAttempts: values.retryAttempts, baseDelayMs: values.retryBaseMs },
    ...trustedCa(values.trustedCa),
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(process.env.SIM_WEBHOOK_SECRET ? { webhookSecret: process.env.SIM_WEBHOOK_SECRET } : {}),
    ...simulatorConventions(values),
  };
  return { reference, receiverPort: routing.receiverPort, values };
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(renderHelp(simulatorOptions, simulatorHelp));
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
    const { reference: opts, receiverPort, values } = options(readCommandLine(simulatorOptions, argv, process.env, '--api-port <n>').values);
    server = await startReference(opts);
    const ui = server.uiUrl ? `, UI on ${server.uiUrl}` : '';
    const mode = opts.mode as 'production' | 'simulator';
    console.log(`simulator: API on ${server.url}/v1 (mode ${mode})${ui}`);
    if (opts.webhookUrl) console.log(`simulator: events go to ${opts.webhookUrl} (signing secret from SIM_WEBHOOK_SECRET, or generated)`);
    // spec §8: the one configured webhook URL; the harness must listen where this simulator delivers
    console.log(
      `simulator: test it with: ${conformCommandFor({ mode, apiUrl: server.url, webhookUrl: opts.webhookUrl, receiverPort, uiUrl: server.uiUrl, conventions: values })}`,
    );
  } catch (err) {
    if (err instanceof UsageError || isHarnessError(err) || err instanceof ConventionUsageError || err instanceof ReferenceConfigError) {
      console.error(`simulator: ${(err as Error).message}`);
      exitWhenFlushed(2);
      return;
    }
    throw err;
  }
}

await main();
