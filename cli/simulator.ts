/**
 * `npm run simulator -- [--api-port N] [--ui-port N] [--no-ui] [--webhook-url URL] [--mode production|simulator]
 * [--fault id]... [--key KEY:tier[:rate]]... [--egress ORIGIN=LOOPBACK_ORIGIN]... [--resolve HOST=IP[,IP]]...`
 * Environment: SIM_API_PORT, SIM_UI_PORT, SIM_WEBHOOK_URL, SIM_WEBHOOK_SECRET, SIM_MODE, SIM_FAULTS (comma-separated),
 * SIM_KEYS (comma-separated KEY:tier[:rate]), SIM_STEP_MS. Flags win over the environment.
 */
import { parseArgs } from 'node:util';
import { ReferenceConfigError, startReference } from '../simulator/index.js';
import type { KeyConfig, ReferenceOptions } from '../simulator/index.js';

class UsageError extends Error {}

function port(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`${name} is "${raw}": give a port number from 0 to 65535`);
  return n;
}

function list(flag: string[] | undefined, env: string | undefined): string[] {
  if (flag && flag.length > 0) return flag;
  return (env ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function parseKey(spec: string): [string, KeyConfig] {
  const [key, tier, rate] = spec.split(':');
  if (!key || (tier !== 'growth' && tier !== 'starter')) throw new UsageError('--key must look like KEY:growth or KEY:starter[:rate] (rate = requests per minute or "none")');
  const ratePerMinute = rate === undefined ? 100 : rate === 'none' ? null : Number(rate);
  if (ratePerMinute !== null && (!Number.isInteger(ratePerMinute) || ratePerMinute < 1)) throw new UsageError('--key rate must be a positive integer or "none"');
  return [key, { tier, ratePerMinute }];
}

function pairs(items: string[], flag: string): [string, string][] {
  return items.map((item) => {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`${flag} must look like NAME=VALUE, got "${item}"`);
    return [item.slice(0, at), item.slice(at + 1)];
  });
}

function options(argv: string[], env: NodeJS.ProcessEnv): ReferenceOptions {
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
    },
    strict: true,
  });
  const mode = values.mode ?? env.SIM_MODE ?? 'simulator';
  if (mode !== 'production' && mode !== 'simulator') throw new UsageError(`--mode is "${mode}": use production or simulator`);
  const host = values.host ?? '127.0.0.1';
  const webhookUrl = values['webhook-url'] ?? env.SIM_WEBHOOK_URL;
  return {
    mode,
    host,
    port: port('--api-port', values['api-port'] ?? env.SIM_API_PORT, 4001),
    ui: values['no-ui'] ? false : { port: port('--ui-port', values['ui-port'] ?? env.SIM_UI_PORT, 4000), host },
    faults: list(values.fault, env.SIM_FAULTS),
    keys: Object.fromEntries(list(values.key, env.SIM_KEYS).map(parseKey)),
    egress: Object.fromEntries(pairs(values.egress ?? [], '--egress')),
    hosts: Object.fromEntries(pairs(values.resolve ?? [], '--resolve').map(([h, ips]) => [h, ips.split(',')])),
    lifecycle: { stepMs: port('SIM_STEP_MS', env.SIM_STEP_MS, 1000) },
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(env.SIM_WEBHOOK_SECRET ? { webhookSecret: env.SIM_WEBHOOK_SECRET } : {}),
  };
}

async function main(): Promise<void> {
  let server;
  try {
    const opts = options(process.argv.slice(2), process.env);
    server = await startReference(opts);
    const ui = server.uiUrl ? `, UI on ${server.uiUrl}` : '';
    console.log(`simulator: API on ${server.url}/v1 (mode ${opts.mode})${ui}`);
    if (opts.webhookUrl) console.log(`simulator: events go to ${opts.webhookUrl} (signing secret from SIM_WEBHOOK_SECRET, or generated)`);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ReferenceConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`simulator: ${(err as Error).message}`);
      process.exit(2);
    }
    throw err;
  }
  const running = server;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`simulator: ${signal} received, stopping`);
    void running.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

await main();
