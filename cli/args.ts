import { parseArgs } from 'node:util';
import { HarnessError } from '../targets/harness-error.js';

/** What the conform command line says (all optional: defaults and the config file fill the rest). */
export interface ConformArgs {
  target?: string;
  /** --compare: a second target; the run becomes a parity comparison of --target (A) and this (B). */
  compare?: string;
  /** B's own base URL, profile and keys (each falls back to A's keys; the base URL and profile to B's defaults). */
  compareBaseUrl?: string;
  compareProfile?: string;
  compareApiKey?: string;
  compareStarterApiKey?: string;
  compareRateLimitApiKey?: string;
  parityRules?: string;
  baseUrl?: string;
  apiKey?: string;
  starterApiKey?: string;
  rateLimitApiKey?: string;
  config?: string;
  profile?: string;
  suites: string[];
  requirements: string[];
  checks: string[];
  failOn?: 'must' | 'should';
  seed?: number;
  runs?: number;
  /** --time-budget: minutes a run on a rate-limited target should take (the case scale is fitted to it). */
  timeBudget?: number;
  timeout?: number;
  requestTimeout?: number;
  maxRequests?: number;
  concurrency?: number;
  out?: string;
  reporters: string[];
  faults: string[];
  /** --target container: the image, its environment (K=V), the API port inside, the start-up timeout (ms). */
  image?: string;
  containerEnv: string[];
  containerPort?: number;
  startupTimeout?: number;
  allowSend: boolean;
  allowRecipients: string[];
  maxSends?: number;
  receiverUrl?: string;
  receiverPort?: number;
  /** --simulator-webhook-url: the one webhook URL the simulator was started with (spec §8). */
  simulatorWebhookUrl?: string;
  allowRateLimitCheck: boolean;
  /** Target conventions (README "Target conventions"): the template catalogue file and the template the checks send. */
  templates?: string;
  fixtureTemplate?: string;
  /** The signature scheme (service, standard-webhooks, github) and the service scheme's header name. */
  signatureScheme?: string;
  signatureHeader?: string;
  /** Recipients the target fails on purpose, and its shared sender number. */
  failingRecipients: string[];
  sharedSender?: string;
  /** --shard i/n: run one deterministic slice and write shard-i-of-n.json to --out. */
  shard?: string;
  /** --merge <dir>: merge the shard results in dir into the reports of the whole run. */
  merge?: string;
  plan: boolean;
  list: boolean;
  help: boolean;
}

const optionSpec = {
  target: { type: 'string', short: 't' },
  compare: { type: 'string' },
  'compare-base-url': { type: 'string' },
  'compare-profile': { type: 'string' },
  'compare-api-key': { type: 'string' },
  'compare-starter-api-key': { type: 'string' },
  'compare-rate-limit-api-key': { type: 'string' },
  'parity-rules': { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'starter-api-key': { type: 'string' },
  'rate-limit-api-key': { type: 'string' },
  config: { type: 'string', short: 'c' },
  profile: { type: 'string' },
  suite: { type: 'string', multiple: true, short: 's' },
  requirement: { type: 'string', multiple: true, short: 'r' },
  check: { type: 'string', multiple: true },
  'fail-on': { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  'time-budget': { type: 'string' },
  timeout: { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-requests': { type: 'string' },
  concurrency: { type: 'string' },
  out: { type: 'string', short: 'o' },
  reporter: { type: 'string', multiple: true },
  fault: { type: 'string', multiple: true },
  image: { type: 'string' },
  'container-env': { type: 'string', multiple: true },
  'container-port': { type: 'string' },
  'startup-timeout': { type: 'string' },
  'allow-send': { type: 'boolean' },
  'allow-recipient': { type: 'string', multiple: true },
  'max-sends': { type: 'string' },
  'receiver-url': { type: 'string' },
  'receiver-port': { type: 'string' },
  'simulator-webhook-url': { type: 'string' },
  'allow-rate-limit-check': { type: 'boolean' },
  templates: { type: 'string' },
  'fixture-template': { type: 'string' },
  'signature-scheme': { type: 'string' },
  'signature-header': { type: 'string' },
  'failing-recipient': { type: 'string', multiple: true },
  'shared-sender': { type: 'string' },
  shard: { type: 'string' },
  merge: { type: 'string' },
  plan: { type: 'boolean' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parses conform's arguments; a bad flag or value is a HarnessError (USAGE) whose message says how to fix it. */
export function parseConformArgs(argv: readonly string[]): ConformArgs {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: withNegativeValues(argv), options: optionSpec, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new HarnessError('USAGE', `${(error as Error).message.replace(/\.$/, '')}. Run with --help for the options.`);
  }
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const list = (name: string): string[] => (values[name] as string[] | undefined) ?? [];
  const failOn = text('fail-on');
  if (failOn !== undefined && failOn !== 'must' && failOn !== 'should') {
    throw new HarnessError('USAGE', `--fail-on must be "must" or "should", got "${failOn}".`);
  }
  return {
    ...defined('target', text('target')),
    ...defined('compare', text('compare')),
    ...defined('compareBaseUrl', text('compare-base-url')),
    ...defined('compareProfile', text('compare-profile')),
    ...defined('compareApiKey', text('compare-api-key')),
    ...defined('compareStarterApiKey', text('compare-starter-api-key')),
    ...defined('compareRateLimitApiKey', text('compare-rate-limit-api-key')),
    ...defined('parityRules', text('parity-rules')),
    ...defined('baseUrl', text('base-url')),
    ...defined('apiKey', text('api-key')),
    ...defined('starterApiKey', text('starter-api-key')),
    ...defined('rateLimitApiKey', text('rate-limit-api-key')),
    ...defined('config', text('config')),
    ...defined('profile', text('profile')),
    ...defined('failOn', failOn as 'must' | 'should' | undefined),
    ...defined('seed', integer('--seed', text('seed'), 0)),
    ...defined('runs', integer('--runs', text('runs'), 1)),
    ...defined('timeBudget', integer('--time-budget', text('time-budget'), 1)),
    ...defined('timeout', integer('--timeout', text('timeout'), 1)),
    ...defined('requestTimeout', integer('--request-timeout', text('request-timeout'), 1)),
    ...defined('maxRequests', integer('--max-requests', text('max-requests'), 1)),
    ...defined('concurrency', integer('--concurrency', text('concurrency'), 1)),
    ...defined('out', text('out')),
    suites: list('suite'),
    requirements: list('requirement'),
    checks: list('check'),
    reporters: list('reporter'),
    faults: list('fault'),
    ...defined('image', text('image')),
    containerEnv: list('container-env'),
    ...defined('containerPort', integer('--container-port', text('container-port'), 1)),
    ...defined('startupTimeout', integer('--startup-timeout', text('startup-timeout'), 1)),
    allowSend: values['allow-send'] === true,
    allowRecipients: list('allow-recipient'),
    ...defined('maxSends', integer('--max-sends', text('max-sends'), 0)),
    ...defined('receiverUrl', text('receiver-url')),
    // 0: a free port (tests, and runs beside another that holds the simulator default 4010)
    ...defined('receiverPort', integer('--receiver-port', text('receiver-port'), 0)),
    ...defined('simulatorWebhookUrl', text('simulator-webhook-url')),
    allowRateLimitCheck: values['allow-rate-limit-check'] === true,
    ...defined('templates', text('templates')),
    ...defined('fixtureTemplate', text('fixture-template')),
    ...defined('signatureScheme', text('signature-scheme')),
    ...defined('signatureHeader', text('signature-header')),
    failingRecipients: list('failing-recipient'),
    ...defined('sharedSender', text('shared-sender')),
    ...defined('shard', text('shard')),
    ...defined('merge', text('merge')),
    plan: values.plan === true,
    list: values.list === true,
    help: values.help === true,
  };
}

/**
 * `--runs -1` as `--runs=-1`: parseArgs takes a value starting with a dash for a flag ("ambiguous"), so a negative
 * number would get a three-line message instead of the range error every numeric flag gives.
 */
function withNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name !== undefined && next !== undefined && /^-\d/.test(next) && (optionSpec as Record<string, { type: string }>)[name]?.type === 'string') {
      out.push(`${arg}=${next}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** Parses a whole number >= min, or throws a USAGE error naming the flag. */
export function integer(flag: string, value: string | number | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number) || number < min) {
    throw new HarnessError('USAGE', `${flag} must be a whole number >= ${min}, got "${value}".`);
  }
  return number;
}

function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
