import { fileURLToPath } from 'node:url';
import { shellWord } from '../../parity/reproduce-command.js';
import type { RunReproduction } from '../../suites/engine/index.js';
import { keyEnvNames } from '../../targets/index.js';
import type { ConformConfig } from './config-file.js';
import { configFileOf } from './options/config-values.js';
import { flagOf } from '../options/option-def.js';
import type { OptionDef } from '../options/option-def.js';
import type { OptionGroup } from './options/option-groups.js';
import { optionTable } from './options/option-table.js';
import type { ResolvedOptions } from './options/resolve-options.js';

/** The option groups a re-run keeps: what the target is and how the run may treat it (never keys, a selection or reports). */
const keptGroups: readonly OptionGroup[] = ['target', 'container', 'conventions', 'safety'];
/** The tuning a re-run keeps (seed and runs are set per failure; concurrency and the time budget do not change a check). */
const keptTuning = ['failOn', 'timeout', 'requestTimeout', 'maxRequests'];

/** The port the printed stand-alone reference listens on (off the simulator's defaults, so both can run). */
export const standaloneApiPort = 4099;

/**
 * The command that runs this CLI: `npm run conform --` in a checkout (the sources through tsx), `npx sms-conform` where
 * the compiled package runs.
 */
export function conformCommandName(): string {
  return fileURLToPath(import.meta.url).includes('/dist/cli/') ? 'npx sms-conform' : 'npm run conform --';
}

/**
 * How a failing check of this run is run again from a shell (issue 25): the conform command with every option the run
 * was given (flag, config key or environment variable) that decides its target and what it may do, but no key (conform
 * reads them from CONFORM_API_KEY …, where the reproduction's curl reads them too), no selection and no report option;
 * a failure adds --check, --seed and --runs. For the embedded reference, also the command that starts the same
 * reference alone (same faults and conventions), whose origin a failure's curl is printed against.
 */
export function runReproduction(options: ResolvedOptions, config: ConformConfig, faults: readonly string[]): RunReproduction {
  const words: string[] = [];
  // a template catalogue given in the config file itself has no flag: the re-run reads the same file
  const inlineTemplates = options.values.templates !== undefined && typeof options.values.templates !== 'string';
  const configFile = configFileOf(config);
  if (inlineTemplates && configFile !== undefined) words.push('--config', shellWord(configFile));
  for (const option of optionTable as readonly OptionDef[]) {
    const kept = keptGroups.includes(option.group as OptionGroup) || keptTuning.includes(option.key);
    const source = options.sourceOf(option.key as never)?.kind;
    if (!kept || option.secret || option.config === false || source === undefined || source === 'default') continue;
    const value = (options.values as Record<string, unknown>)[option.key];
    if (value === undefined || (option.key === 'templates' && inlineTemplates)) continue;
    words.push(...flagWords(option, value));
  }
  const command = `${conformCommandName()} ${words.join(' ')}`.trimEnd();
  const target = options.values.target;
  const reference = target === 'reference' || target === 'reference:simulator' || target.startsWith('reference+fault:');
  // the simulator program is the checkout's (npm run simulator), not the package's
  const standalone = reference && !conformCommandName().startsWith('npx');
  return {
    command,
    ...(reference || target === 'container' ? { embedded: true } : {}),
    ...(standalone ? { standalone: standaloneReference(options, target, faults) } : {}),
  };
}

/** An option and its value as shell words: `--flag value`, once per item of a list, a true boolean's flag alone. */
export function flagWords(option: OptionDef, value: unknown): string[] {
  const flag = flagOf(option);
  if (option.kind === 'boolean') return value === true ? [flag] : [];
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.flatMap((item) => [flag, shellWord(String(item))]);
}

/** The keys the stand-alone reference knows (a production-mode reference knows only these), by role variable. */
const standaloneKeys: readonly { readonly variable: string; readonly fallback: string; readonly tier: string }[] = [
  { variable: keyEnvNames.growth as string, fallback: 'conform-growth', tier: 'growth:none' },
  { variable: keyEnvNames.starter as string, fallback: 'conform-starter', tier: 'starter:none' },
  { variable: keyEnvNames.rateLimit as string, fallback: 'conform-rate-limit', tier: 'growth' },
];

/** A key in the printed commands: the role's variable when it is set, else a word of its own (never a real key). */
const standaloneKey = (variable: string, fallback: string): string => `\${${variable}:-${fallback}}`;

/**
 * `npm run simulator -- …` that starts the embedded reference alone on 127.0.0.1:4099: production mode with the
 * reference's three keys read from CONFORM_API_KEY, CONFORM_STARTER_API_KEY and CONFORM_RATE_LIMIT_API_KEY (their
 * own words when unset: the curl reads the same), or simulator mode for reference:simulator; the same faults,
 * conventions and step timings, no UI.
 */
function standaloneReference(options: ResolvedOptions, target: string, faults: readonly string[]): NonNullable<RunReproduction['standalone']> {
  const { values } = options;
  const simulatorMode = target === 'reference:simulator';
  const words = simulatorMode
    ? []
    : ['--mode', 'production', ...standaloneKeys.flatMap((key) => ['--key', `"${standaloneKey(key.variable, key.fallback)}:${key.tier}"`])];
  const fromSpec = target.startsWith('reference+fault:') ? target.slice('reference+fault:'.length).split(',').filter(Boolean) : [];
  for (const fault of [...faults, ...fromSpec]) words.push('--fault', shellWord(fault));
  if (typeof values.templates === 'string') words.push('--templates', shellWord(values.templates));
  if (values.signatureScheme !== undefined) words.push('--signature-scheme', shellWord(values.signatureScheme));
  if (values.signatureHeader !== undefined) words.push('--signature-header', shellWord(values.signatureHeader));
  for (const number of values.failingRecipient ?? []) words.push('--failing-number', shellWord(number));
  // the embedded reference's timings (targets/reference.ts): a lifecycle in milliseconds
  words.push('--step-ms', '5', '--retry-base-ms', '10', '--no-ui', '--api-port', String(standaloneApiPort));
  const keyWords = Object.fromEntries(standaloneKeys.map((key) => [`$${key.variable}`, standaloneKey(key.variable, key.fallback)]));
  return { command: `npm run simulator -- ${words.join(' ')}`, origin: `http://127.0.0.1:${standaloneApiPort}`, ...(simulatorMode ? {} : { keyWords }) };
}
