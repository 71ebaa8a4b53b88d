import { defaultReporterNames, reporterNames } from '../../reports/index.js';
import type { Selection } from '../../suites/checks/index.js';
import { parseShard } from '../../suites/engine/index.js';
import { didYouMean } from '../../suites/checks/near-matches.js';
import type { RunDescription, Shard } from '../../suites/engine/index.js';
import {
  containerTarget,
  HarnessError,
  parseDialect,
  parseInboundTrigger,
  profileFor,
  referenceConventions,
  referenceTarget,
  simulatorStarterKey,
  urlTarget,
} from '../../targets/index.js';
import type { ConventionSettings, Dialect, Profile, Target } from '../../targets/index.js';
import type { ConformArgs } from './args.js';
import type { ConformConfig } from './config-file.js';
import type { OptionDef } from '../options/option-def.js';
import { optionTable } from './options/option-table.js';
import { resolveOptions } from './options/resolve-options.js';
import type { ResolvedOptions } from './options/resolve-options.js';
import { checkBaselineUsage } from './baseline-usage.js';
import { conventionFlags } from './convention-flags.js';
import { resolveConventions } from './resolve-conventions.js';
import { runReproduction } from './rerun-command.js';
import { simulatorRouting } from './simulator-routing.js';
import { simulatorApiPort, simulatorInboundTrigger } from '../../spec/simulator-defaults.js';

/**
 * Everything conform needs, resolved from flags, environment and config file (in that order of precedence): the
 * engine's run description (what runConformance takes, unchanged) plus what only the CLI uses.
 */
export interface ResolvedRun extends RunDescription {
  /** --target as given (parity re-run commands name it). */
  readonly targetSpec: string;
  /** --compare: the second target of a parity run (B), how it was given, and the convention flags both sides ran with. */
  readonly compare?: { readonly target: Target; readonly spec: string; readonly sharedFlags: readonly string[] };
  readonly selection: Selection;
  readonly failOn: 'must' | 'should';
  readonly allowBillable: boolean;
  readonly allowRecipients: readonly string[];
  readonly allowRateLimitCheck: boolean;
  readonly outDir: string;
  readonly reporters: readonly string[];
  /** --fault: the reference faults switched on (recorded in shard results). */
  readonly faults: readonly string[];
  /** --shard i/n: run one slice of the run. */
  readonly shard?: Shard;
  /** --merge <dir>: merge shard results instead of running. */
  readonly merge?: string;
  /** --parity-rules: the parity rules file of a --compare run. */
  readonly parityRules?: string;
  /** --baseline: the known-failures file; --baseline-update: write it from the run. */
  readonly baseline?: { readonly file: string; readonly update: boolean };
  /** --compare-run: an earlier run's results.json, compared with in the reports. */
  readonly compareRun?: string;
}

/** The key --plan assumes when none is given (it sends nothing). */
export const planPlaceholderKey = 'conform-plan-without-key';

/** The default --target simulator address (spec §8: API on local port 4001). */
export const simulatorBaseUrl = `http://127.0.0.1:${simulatorApiPort}`;

type Keys = { growth?: string | undefined; starter?: string | undefined; rateLimit?: string | undefined; secondGrowth?: string | undefined };

/** The options that describe B (every parity row but --compare itself and the rules): meaningless without --compare. */
const compareKeys = optionTable
  .filter((option) => option.group === 'parity' && option.key !== 'compare' && option.key !== 'parityRules')
  .map((option) => option.key);

/**
 * Parity's B (--compare). Its keys fall back to A's, one by one (two deployments of one account share keys; a
 * simulator takes any); its base URL and profile to what the target form implies. --fault and the container flags
 * stay A's, except for --compare container, which has no other way to get an image.
 */
function compareTarget(options: ResolvedOptions, keys: Keys, conventions: ConventionSettings): { target: Target; spec: string } | undefined {
  const { values: o } = options;
  const spec = o.compare;
  if (spec === undefined) {
    // flags and config only: CONFORM_COMPARE_* may stay exported from other runs
    const given = compareKeys.find((key) => o[key] !== undefined && options.sourceOf(key)?.kind !== 'env');
    if (given) throw new HarnessError('USAGE', `${options.labelOf(given)} describes the parity target B: add --compare <target>, or drop it.`);
    return undefined;
  }
  const target = buildTarget(options, {
    target: spec,
    baseUrl: o.compareBaseUrl,
    profile: o.compareProfile,
    faults: [],
    keys: {
      growth: o.compareApiKey ?? keys.growth,
      starter: o.compareStarterApiKey ?? keys.starter,
      rateLimit: o.compareRateLimitApiKey ?? keys.rateLimit,
      secondGrowth: keys.secondGrowth,
    },
    receiverUrl: undefined,
    receiverPort: o.compareReceiverPort,
    simulatorWebhookUrl: o.compareSimulatorWebhookUrl,
    routingLabels: { receiverPort: options.labelOf('compareReceiverPort'), webhookUrl: options.labelOf('compareSimulatorWebhookUrl') },
    container: spec === 'container' ? o : {},
    // a dialect describes one target: B has its own or none
    conventions: withDialect(conventions, parseDialect(o.compareDialect ?? [], options.labelOf('compareDialect'))),
    warm: !o.list && !o.plan,
  });
  return { spec, target };
}

/** The conventions with `dialect` as the dialect (none when undefined). */
function withDialect(conventions: ConventionSettings, dialect: Dialect | undefined): ConventionSettings {
  const { dialect: _a, ...rest } = conventions;
  return dialect === undefined ? rest : { ...rest, dialect };
}

/** Merges flags over environment over config and builds the target; usage errors throw HarnessError naming their source. */
export function resolveRun(args: ConformArgs, config: ConformConfig, env: NodeJS.ProcessEnv): ResolvedRun {
  const options = resolveOptions(args, config, env);
  const { values: o, labelOf } = options;
  const reporters = o.reporter ?? defaultReporterNames;
  for (const name of reporters) {
    if (!reporterNames.includes(name))
      throw new HarnessError('UNKNOWN_REPORTER', `Unknown reporter "${name}" (${labelOf('reporter')}): use ${reporterNames.join(', ')}.`);
  }
  const keys = {
    // --plan sends nothing, so it needs no key: a placeholder stands in (and is never used)
    growth: o.apiKey ?? (o.plan ? planPlaceholderKey : undefined),
    starter: o.starterApiKey,
    rateLimit: o.rateLimitApiKey,
    secondGrowth: o.secondApiKey,
  };
  if (o.merge !== undefined && (o.shard !== undefined || o.compare !== undefined)) {
    throw new HarnessError('USAGE', `--merge combines the results of shards already run: drop ${labelOf(o.shard !== undefined ? 'shard' : 'compare')}.`);
  }
  if (o.shard !== undefined && o.compare !== undefined)
    throw new HarnessError('USAGE', `--shard does not apply to a parity run (${labelOf('compare')}): drop one of them.`);
  checkBaselineUsage(options);
  const targetSpec = o.target;
  const faults = o.fault ?? [];
  const conventions = resolveConventions(options);
  const target = buildTarget(options, {
    target: targetSpec,
    baseUrl: o.baseUrl,
    profile: o.profile,
    faults,
    keys,
    container: o,
    receiverUrl: o.receiverUrl,
    conventions,
    receiverPort: o.receiverPort,
    simulatorWebhookUrl: o.simulatorWebhookUrl,
    routingLabels: { receiverPort: labelOf('receiverPort'), webhookUrl: labelOf('simulatorWebhookUrl') },
    warm: !o.list && !o.plan,
  });
  const compare = compareTarget(options, keys, conventions);
  // the two sides run at once (parity/run-parity.ts), each with a receiver of its own
  const ports = [target.receiverPort, compare?.target.receiverPort];
  if (ports[0] !== undefined && ports[0] !== 0 && ports[0] === ports[1]) {
    throw new HarnessError(
      'USAGE',
      `A and B would both listen for deliveries on port ${ports[0]}, and they run at once: start B's simulator with another webhook URL and give it as --compare-simulator-webhook-url (or --compare-receiver-port).`,
    );
  }
  return {
    ...describedBy(o),
    target,
    targetSpec,
    ...(compare ? { compare: { ...compare, sharedFlags: conventionFlags(options) } } : {}),
    selection: { suites: o.suite ?? [], requirements: o.requirement ?? [], ids: o.check ?? [] },
    failOn: o.failOn,
    allowBillable: o.allowSend === true,
    allowRecipients: o.allowRecipient ?? [],
    allowRateLimitCheck: o.allowRateLimitCheck === true,
    outDir: o.out,
    reproduce: runReproduction(options, config, faults),
    reporters: withDefaultReports(reporters, o.onlyReporters === true),
    faults,
    // the HAR report holds every exchange of the run: the engine keeps them only when asked
    ...(reporters.includes('har') ? { recordExchanges: true } : {}),
    ...(o.shard === undefined ? {} : { shard: parseShard(o.shard) }),
    ...(o.merge === undefined ? {} : { merge: o.merge }),
    ...(o.parityRules === undefined ? {} : { parityRules: o.parityRules }),
    ...(o.baseline === undefined ? {} : { baseline: { file: o.baseline, update: o.baselineUpdate === true } }),
    ...(o.compareRun === undefined ? {} : { compareRun: o.compareRun }),
  };
}

/** The run-description fields the option table maps options to (`into`): tuning and safety, copied unchanged. */
function describedBy(values: ResolvedOptions['values']): Partial<RunDescription> {
  const given = values as Record<string, unknown>;
  return Object.fromEntries(
    (optionTable as readonly OptionDef[]).flatMap((option) =>
      option.into === undefined || given[option.key] === undefined ? [] : [[option.into, given[option.key]]],
    ),
  ) as Partial<RunDescription>;
}

type ContainerValues = Pick<ResolvedOptions['values'], 'image' | 'containerEnv' | 'containerPort' | 'startupTimeout'>;

interface TargetChoice {
  target: string;
  baseUrl: string | undefined;
  profile: string | undefined;
  faults: readonly string[];
  keys: Keys;
  container: ContainerValues;
  /** --receiver-url: the public https origin that forwards to the receiver (URL targets). */
  receiverUrl: string | undefined;
  /** --templates, --signature-*, --failing-recipient, --shared-sender (parity: B gets A's settings). */
  conventions: ConventionSettings;
  /** --receiver-port and --simulator-webhook-url: where a simulator's deliveries meet the receiver (URL targets). */
  receiverPort: number | undefined;
  simulatorWebhookUrl: string | undefined;
  /** How this side's two routing settings are named in messages (B has --compare-… flags). */
  routingLabels: { receiverPort: string; webhookUrl: string };
  /** False when the run is only planned (--list, --plan): nothing starts, so an embedded reference's thread does not boot. */
  warm: boolean;
}

/**
 * The reporters of a run, one rule for every name (issue 25): the named ones are added to the defaults, unless
 * --only-reporters says to write only them.
 */
function withDefaultReports(named: readonly string[], only: boolean): readonly string[] {
  return only ? named : [...new Set([...defaultReporterNames, ...named])];
}

function buildTarget(options: ResolvedOptions, choice: TargetChoice): Target {
  const { labelOf } = options;
  const keys = Object.fromEntries(Object.entries(choice.keys).filter(([, v]) => v !== undefined)) as Record<string, string>;
  if (choice.target !== 'reference' && choice.faults.length > 0) {
    throw new HarnessError('USAGE', `${labelOf('fault')} works only with --target reference (the embedded reference has the fault catalogue).`);
  }
  const containerGiven = (['image', 'containerEnv', 'containerPort', 'startupTimeout'] as const).filter((key) => choice.container[key] !== undefined);
  if (choice.target !== 'container' && containerGiven.length > 0) {
    throw new HarnessError('USAGE', `${containerGiven.map(labelOf).join(', ')}: the container settings work only with --target container.`);
  }
  // parity conveniences: the embedded reference in simulator mode, or with faults switched on
  const forwarded = choice.receiverUrl === undefined ? {} : { receiverOrigin: publicReceiverOrigin(choice.receiverUrl, labelOf('receiverUrl')) };
  const { conventions } = choice;
  // URL targets: the receiver port and one-URL path a simulator delivers to (spec §8)
  const routed = (profile: Profile) => ({
    ...forwarded,
    ...simulatorRouting({ profile, receiverPort: choice.receiverPort, webhookUrl: choice.simulatorWebhookUrl, labels: choice.routingLabels }),
  });
  if (choice.simulatorWebhookUrl !== undefined && ['reference', 'container', 'reference:simulator'].includes(choice.target)) {
    throw new HarnessError(
      'USAGE',
      `${choice.routingLabels.webhookUrl} names the URL a running simulator was started with: use it with --target simulator or a URL, not ${choice.target} (the harness configures that one itself).`,
    );
  }
  const { warm } = choice;
  if (choice.target === 'reference:simulator') return referenceTarget({ mode: 'simulator', conventions, warm });
  if (choice.target.startsWith('reference+fault:'))
    return referenceTarget({ faults: choice.target.slice('reference+fault:'.length).split(',').filter(Boolean), conventions, warm });
  switch (choice.target) {
    case 'container':
      if (choice.baseUrl)
        throw new HarnessError('USAGE', `${labelOf('baseUrl')} does not apply to --target container (it starts the image on a free loopback port).`);
      return buildContainerTarget(choice.container, profileFor(choice.profile ?? 'reference'), keys, conventions, labelOf);
    case 'reference':
      if (choice.baseUrl)
        throw new HarnessError('USAGE', `${labelOf('baseUrl')} does not apply to --target reference (it starts on a free loopback port); use --target <url>.`);
      if (choice.profile !== undefined && profileFor(choice.profile).name !== 'reference') {
        throw new HarnessError('USAGE', `--target reference always has the reference profile; drop ${labelOf('profile')} (${choice.profile}).`);
      }
      return referenceTarget({ faults: [...choice.faults], conventions, warm });
    case 'simulator': {
      const profile = profileFor(choice.profile ?? 'simulator');
      // --target simulator is `npm run simulator` on its defaults (spec/simulator-defaults.ts): the reference's
      // conventions (templates, failing recipient, shared sender) are its defaults; a bare URL target has none
      const ours = {
        templates: referenceConventions.templates,
        failingRecipients: referenceConventions.failingRecipients,
        sharedSender: referenceConventions.sharedSender,
        // its virtual phones are on the UI's default port; a simulator elsewhere needs --inbound-trigger
        ...(choice.baseUrl === undefined ? { inboundTrigger: parseInboundTrigger(simulatorInboundTrigger) } : {}),
      };
      // spec §5.2: the simulator takes any key, so the Starter role gets one too (CONNECTION-STARTER-KEY runs)
      const starter = profile.auth || keys.starter !== undefined ? {} : { starter: simulatorStarterKey };
      return urlTarget(
        choice.baseUrl ?? simulatorBaseUrl,
        profile,
        { ...starter, ...keys },
        { name: 'simulator', conventions: { ...ours, ...conventions }, ...routed(profile) },
      );
    }
    case 'production': {
      if (!choice.baseUrl) throw new HarnessError('USAGE', '--target production needs --base-url <the API origin>.');
      const profile = profileFor(choice.profile ?? 'production');
      return urlTarget(choice.baseUrl, profile, keys, { name: 'production', conventions, ...routed(profile) });
    }
    default: {
      if (!/^https?:\/\//.test(choice.target)) {
        const kinds = ['reference', 'simulator', 'production', 'container'];
        const hint = didYouMean(choice.target, kinds).replace(/ Did you mean (.+)\?$/, ' Did you mean --target $1?');
        throw new HarnessError('USAGE', `Unknown --target "${choice.target}": use reference, simulator, production, container or an http(s) URL.${hint}`);
      }
      if (choice.baseUrl) throw new HarnessError('USAGE', `Give the URL either as --target <url> or as --base-url, not both (drop ${labelOf('baseUrl')}).`);
      const profile = profileFor(choice.profile ?? 'production');
      return urlTarget(choice.target, profile, keys, { name: choice.target, conventions, ...routed(profile) });
    }
  }
}

function buildContainerTarget(
  values: ContainerValues,
  profile: Profile,
  keys: Record<string, string>,
  conventions: ConventionSettings,
  labelOf: ResolvedOptions['labelOf'],
): Target {
  if (values.image === undefined)
    throw new HarnessError('USAGE', '--target container needs --image <name[:tag]>, e.g. sms-reference:local (npm run image builds it).');
  const env = (values.containerEnv ?? []).map((item): [string, string] => {
    const at = item.indexOf('=');
    if (at <= 0) throw new HarnessError('USAGE', `${labelOf('containerEnv')} must look like NAME=VALUE, got "${item}".`);
    return [item.slice(0, at), item.slice(at + 1)];
  });
  return containerTarget({
    image: values.image,
    env: Object.fromEntries(env),
    profile,
    keys,
    conventions,
    ...(values.containerPort === undefined ? {} : { port: values.containerPort }),
    ...(values.startupTimeout === undefined ? {} : { startupTimeoutMs: values.startupTimeout }),
  });
}

/** The origin of --receiver-url: an https URL (the target delivers to it), without path. */
function publicReceiverOrigin(url: string, label: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HarnessError('USAGE', `${label} "${url}" is not a URL: give the public https origin that forwards to the receiver.`);
  }
  if (parsed.protocol !== 'https:') throw new HarnessError('USAGE', `${label} must be https (spec §2.3: webhook URLs are HTTPS), got ${parsed.protocol}`);
  return parsed.origin;
}
