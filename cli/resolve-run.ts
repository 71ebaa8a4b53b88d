import { defaultReporterNames, reporterNames } from '../reports/index.js';
import type { Selection } from '../suites/checks/index.js';
import { parseShard } from '../suites/engine/index.js';
import type { Shard } from '../suites/engine/index.js';
import { containerTarget, HarnessError, profileFor, referenceConventions, referenceTarget, simulatorStarterKey, urlTarget } from '../targets/index.js';
import type { ConventionSettings, Profile, Target } from '../targets/index.js';
import type { ConformArgs } from './args.js';
import type { ConformConfig } from './config-file.js';
import { resolveConventions } from './resolve-conventions.js';
import { simulatorRouting } from './simulator-routing.js';
import { simulatorApiPort } from '../spec/simulator-defaults.js';

/** Everything conform needs, resolved from flags, environment and config file (in that order of precedence). */
export interface ResolvedRun {
  readonly target: Target;
  /** --target as given (parity re-run commands name it). */
  readonly targetSpec: string;
  /** --compare: the second target of a parity run (B), and how it was given. */
  readonly compare?: { readonly target: Target; readonly spec: string };
  readonly selection: Selection;
  readonly failOn: 'must' | 'should';
  readonly seed?: number;
  readonly runs?: number;
  /** --time-budget in minutes (rate-limited targets). */
  readonly timeBudgetMinutes?: number;
  readonly timeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly maxRequests?: number;
  readonly concurrency?: number;
  readonly allowBillable: boolean;
  /** --allow-recipient: the only numbers a guarded send may go to. */
  readonly allowRecipients: readonly string[];
  readonly maxSends?: number;
  /** --receiver-port: the loopback port of the receiver's HTTP server (for a forwarder behind --receiver-url). */
  readonly receiverPort?: number;
  readonly allowRateLimitCheck: boolean;
  readonly outDir: string;
  readonly reporters: readonly string[];
  /** --fault: the reference faults switched on (recorded in shard results). */
  readonly faults: readonly string[];
  /** --shard i/n: run one slice of the run. */
  readonly shard?: Shard;
  /** --merge <dir>: merge shard results instead of running. */
  readonly merge?: string;
}

/** The key --plan assumes when none is given (it sends nothing). */
export const planPlaceholderKey = 'conform-plan-without-key';

/** The default --target simulator address (spec §8: API on local port 4001). */
export const simulatorBaseUrl = `http://127.0.0.1:${simulatorApiPort}`;

type Keys = { growth?: string | undefined; starter?: string | undefined; rateLimit?: string | undefined };

/**
 * Parity's B (--compare). Its keys fall back to A's, one by one (two deployments of one account share keys; a
 * simulator takes any); its base URL and profile to what the target form implies. --fault and the container flags
 * stay A's, except for --compare container, which has no other way to get an image.
 */
function compareTarget(args: ConformArgs, config: ConformConfig, env: NodeJS.ProcessEnv, keys: Keys, conventions: ConventionSettings): ResolvedRun['compare'] {
  const spec = args.compare ?? config.compare;
  const own = {
    '--compare-base-url': args.compareBaseUrl ?? config.compareBaseUrl,
    '--compare-profile': args.compareProfile ?? config.compareProfile,
    '--compare-api-key': args.compareApiKey ?? env.CONFORM_COMPARE_API_KEY ?? config.compareApiKey,
    '--compare-starter-api-key': args.compareStarterApiKey ?? env.CONFORM_COMPARE_STARTER_API_KEY ?? config.compareStarterApiKey,
    '--compare-rate-limit-api-key': args.compareRateLimitApiKey ?? env.CONFORM_COMPARE_RATE_LIMIT_API_KEY ?? config.compareRateLimitApiKey,
  };
  if (spec === undefined) {
    // flags and config only: CONFORM_COMPARE_* may stay exported from other runs
    const flags = { ...args, ...config };
    const given = (['compareBaseUrl', 'compareProfile', 'compareApiKey', 'compareStarterApiKey', 'compareRateLimitApiKey'] as const).find((name) => flags[name] !== undefined);
    if (given) throw new HarnessError('USAGE', `--${given.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} describes the parity target B: add --compare <target>, or drop it.`);
    return undefined;
  }
  const bKeys = {
    growth: own['--compare-api-key'] ?? keys.growth,
    starter: own['--compare-starter-api-key'] ?? keys.starter,
    rateLimit: own['--compare-rate-limit-api-key'] ?? keys.rateLimit,
  };
  const target = buildTarget({
    target: spec,
    baseUrl: own['--compare-base-url'],
    profile: own['--compare-profile'],
    faults: [],
    keys: bKeys,
    receiverUrl: undefined,
    receiverPort: undefined,
    simulatorWebhookUrl: undefined,
    container: spec === 'container' ? args : { containerEnv: [] },
    conventions,
  });
  return { spec, target };
}

/** Merges flags over environment over config and builds the target; usage errors throw HarnessError. */
export function resolveRun(args: ConformArgs, config: ConformConfig, env: NodeJS.ProcessEnv): ResolvedRun {
  const pick = <T>(flag: T | undefined, fromConfig: T | undefined): T | undefined => flag ?? fromConfig;
  const pickList = (flag: string[], fromConfig: string[] | undefined): string[] => (flag.length > 0 ? flag : (fromConfig ?? []));
  const reporters = pickList(args.reporters, config.reporters);
  for (const name of reporters) {
    if (!reporterNames.includes(name)) throw new HarnessError('UNKNOWN_REPORTER', `Unknown reporter "${name}": use ${reporterNames.join(', ')}.`);
  }
  const keys = {
    // --plan sends nothing, so it needs no key: a placeholder stands in (and is never used)
    growth: args.apiKey ?? env.CONFORM_API_KEY ?? config.apiKey ?? (args.plan ? planPlaceholderKey : undefined),
    starter: args.starterApiKey ?? env.CONFORM_STARTER_API_KEY ?? config.starterApiKey,
    rateLimit: args.rateLimitApiKey ?? env.CONFORM_RATE_LIMIT_API_KEY ?? config.rateLimitApiKey,
  };
  const compareSpec = pick(args.compare, config.compare);
  if (args.merge !== undefined && (args.shard !== undefined || compareSpec !== undefined)) {
    throw new HarnessError('USAGE', `--merge combines the results of shards already run: drop ${args.shard !== undefined ? '--shard' : '--compare'}.`);
  }
  if (args.shard !== undefined && compareSpec !== undefined) throw new HarnessError('USAGE', '--shard does not apply to a parity run (--compare): drop one of them.');
  const targetSpec = pick(args.target, config.target) ?? 'reference';
  const faults = pickList(args.faults, config.faults);
  const conventions = resolveConventions(args, config);
  const target = buildTarget({
    target: targetSpec,
    baseUrl: pick(args.baseUrl, config.baseUrl),
    profile: pick(args.profile, config.profile),
    faults,
    keys,
    container: args,
    receiverUrl: pick(args.receiverUrl, config.receiverUrl),
    conventions,
    receiverPort: pick(args.receiverPort, config.receiverPort),
    simulatorWebhookUrl: pick(args.simulatorWebhookUrl, config.simulatorWebhookUrl),
  });
  const compare = compareTarget(args, config, env, keys, conventions);
  const failOn = pick(args.failOn, config.failOn) ?? 'should';
  if (failOn !== 'must' && failOn !== 'should') throw new HarnessError('CONFIG', `failOn must be "must" or "should", got "${String(failOn)}".`);
  const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
    (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
  return {
    target,
    targetSpec,
    ...(compare ? { compare } : {}),
    selection: {
      suites: pickList(args.suites, config.suites),
      requirements: pickList(args.requirements, config.requirements),
      ids: pickList(args.checks, config.checks),
    },
    failOn,
    ...optional('seed', pick(args.seed, config.seed)),
    ...optional('runs', pick(args.runs, config.runs)),
    ...optional('timeBudgetMinutes', pick(args.timeBudget, config.timeBudget)),
    ...optional('timeoutMs', pick(args.timeout, config.timeout)),
    ...optional('requestTimeoutMs', pick(args.requestTimeout, config.requestTimeout)),
    ...optional('maxRequests', pick(args.maxRequests, config.maxRequests)),
    ...optional('concurrency', pick(args.concurrency, config.concurrency)),
    allowBillable: args.allowSend || config.allowSend === true,
    allowRecipients: pickList(args.allowRecipients, config.allowRecipients),
    ...optional('maxSends', pick(args.maxSends, config.maxSends)),
    ...optional('receiverPort', pick(args.receiverPort, config.receiverPort)),
    allowRateLimitCheck: args.allowRateLimitCheck || config.allowRateLimitCheck === true,
    outDir: pick(args.out, config.out) ?? 'conformance-report',
    reporters: reporters.length > 0 ? reporters : defaultReporterNames,
    faults,
    ...(args.shard === undefined ? {} : { shard: parseShard(args.shard) }),
    ...(args.merge === undefined ? {} : { merge: args.merge }),
  };
}

interface TargetChoice {
  target: string;
  baseUrl: string | undefined;
  profile: string | undefined;
  faults: string[];
  keys: { growth?: string | undefined; starter?: string | undefined; rateLimit?: string | undefined };
  container: ContainerArgs;
  /** --receiver-url: the public https origin that forwards to the receiver (URL targets). */
  receiverUrl: string | undefined;
  /** --templates, --signature-*, --failing-recipient, --shared-sender (parity: B gets A's settings). */
  conventions: ConventionSettings;
  /** --receiver-port and --simulator-webhook-url: where a simulator's deliveries meet the receiver (URL targets). */
  receiverPort: number | undefined;
  simulatorWebhookUrl: string | undefined;
}

function buildTarget(choice: TargetChoice): Target {
  const keys = Object.fromEntries(Object.entries(choice.keys).filter(([, v]) => v !== undefined)) as Record<string, string>;
  if (choice.target !== 'reference' && choice.faults.length > 0) {
    throw new HarnessError('USAGE', '--fault works only with --target reference (the embedded reference has the fault catalogue).');
  }
  const { image, containerEnv, containerPort, startupTimeout } = choice.container;
  if (choice.target !== 'container' && (image ?? containerPort ?? startupTimeout ?? containerEnv[0]) !== undefined) {
    throw new HarnessError('USAGE', '--image, --container-env, --container-port and --startup-timeout work only with --target container.');
  }
  // parity conveniences: the embedded reference in simulator mode, or with faults switched on
  const forwarded = choice.receiverUrl === undefined ? {} : { receiverOrigin: publicReceiverOrigin(choice.receiverUrl) };
  const { conventions } = choice;
  // URL targets: the receiver port and one-URL path a simulator delivers to (spec §8)
  const routed = (profile: Profile) => ({
    ...forwarded,
    ...simulatorRouting({ profile, receiverPort: choice.receiverPort, webhookUrl: choice.simulatorWebhookUrl }),
  });
  if (choice.simulatorWebhookUrl !== undefined && ['reference', 'container', 'reference:simulator'].includes(choice.target)) {
    throw new HarnessError('USAGE', `--simulator-webhook-url names the URL a running simulator was started with: use it with --target simulator or a URL, not ${choice.target} (the harness configures that one itself).`);
  }
  if (choice.target === 'reference:simulator') return referenceTarget({ mode: 'simulator', conventions });
  if (choice.target.startsWith('reference+fault:')) return referenceTarget({ faults: choice.target.slice('reference+fault:'.length).split(',').filter(Boolean), conventions });
  switch (choice.target) {
    case 'container':
      if (choice.baseUrl) throw new HarnessError('USAGE', '--base-url does not apply to --target container (it starts the image on a free loopback port).');
      return buildContainerTarget(choice.container, profileFor(choice.profile ?? 'reference'), keys, conventions);
    case 'reference':
      if (choice.baseUrl) throw new HarnessError('USAGE', '--base-url does not apply to --target reference (it starts on a free loopback port); use --target <url>.');
      if (choice.profile !== undefined && profileFor(choice.profile).name !== 'reference') {
        throw new HarnessError('USAGE', `--target reference always has the reference profile; drop --profile ${choice.profile}.`);
      }
      return referenceTarget({ faults: choice.faults, conventions });
    case 'simulator': {
      const profile = profileFor(choice.profile ?? 'simulator');
      // --target simulator is `npm run simulator` on its defaults (spec/simulator-defaults.ts): the reference's
      // conventions (templates, failing recipient, shared sender) are its defaults; a bare URL target has none
      const ours = { templates: referenceConventions.templates, failingRecipients: referenceConventions.failingRecipients, sharedSender: referenceConventions.sharedSender };
      // spec §5.2: the simulator takes any key, so the Starter role gets one too (CONNECTION-STARTER-KEY runs)
      const starter = profile.auth || keys.starter !== undefined ? {} : { starter: simulatorStarterKey };
      return urlTarget(choice.baseUrl ?? simulatorBaseUrl, profile, { ...starter, ...keys }, { name: 'simulator', conventions: { ...ours, ...conventions }, ...routed(profile) });
    }
    case 'production': {
      if (!choice.baseUrl) throw new HarnessError('USAGE', '--target production needs --base-url <the API origin>.');
      const profile = profileFor(choice.profile ?? 'production');
      return urlTarget(choice.baseUrl, profile, keys, { name: 'production', conventions, ...routed(profile) });
    }
    default: {
      if (!/^https?:\/\//.test(choice.target)) {
        throw new HarnessError('USAGE', `Unknown --target "${choice.target}": use reference, simulator, production, container or an http(s) URL.`);
      }
      if (choice.baseUrl) throw new HarnessError('USAGE', 'Give the URL either as --target <url> or as --base-url, not both.');
      const profile = profileFor(choice.profile ?? 'production');
      return urlTarget(choice.target, profile, keys, { name: choice.target, conventions, ...routed(profile) });
    }
  }
}

type ContainerArgs = Pick<ConformArgs, 'image' | 'containerEnv' | 'containerPort' | 'startupTimeout'>;

function buildContainerTarget(args: ContainerArgs, profile: Profile, keys: Record<string, string>, conventions: ConventionSettings): Target {
  if (args.image === undefined) throw new HarnessError('USAGE', '--target container needs --image <name[:tag]>, e.g. sms-reference:local (npm run image builds it).');
  const env = args.containerEnv.map((item): [string, string] => {
    const at = item.indexOf('=');
    if (at <= 0) throw new HarnessError('USAGE', `--container-env must look like NAME=VALUE, got "${item}".`);
    return [item.slice(0, at), item.slice(at + 1)];
  });
  return containerTarget({
    image: args.image,
    env: Object.fromEntries(env),
    profile,
    keys,
    conventions,
    ...(args.containerPort === undefined ? {} : { port: args.containerPort }),
    ...(args.startupTimeout === undefined ? {} : { startupTimeoutMs: args.startupTimeout }),
  });
}

/** The origin of --receiver-url: an https URL (the target delivers to it), without path. */
function publicReceiverOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HarnessError('USAGE', `--receiver-url "${url}" is not a URL: give the public https origin that forwards to the receiver.`);
  }
  if (parsed.protocol !== 'https:') throw new HarnessError('USAGE', `--receiver-url must be https (spec §2.3: webhook URLs are HTTPS), got ${parsed.protocol}`);
  return parsed.origin;
}
