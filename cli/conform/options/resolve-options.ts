import { checkConfig, configFileOf } from './config-values.js';
import type { ConformConfig } from './config-values.js';
import { coerceOption, sourceLabel } from './coerce-option.js';
import type { ValueSource } from './coerce-option.js';
import type { OptionDef } from './option-def.js';
import { optionOf, optionTable } from './option-table.js';
import type { OptionKey, OptionValues } from './option-table.js';

/** The options of a run, each from the first source that gives it, and where it came from. */
export interface ResolvedOptions {
  /** Every option: flags > environment > config file > the table's default. */
  readonly values: OptionValues & Pick<ConformConfig, 'templates'>;
  /** Where an option's value came from (undefined: nowhere). */
  sourceOf(key: OptionKey): ValueSource | undefined;
  /** How a message names that source: `--profile`, `CONFORM_API_KEY`, `config key "profile" (c.json)`. */
  labelOf(key: OptionKey): string;
}

/**
 * Merges the flags over the environment over the config file over the table's defaults. Environment values are
 * checked like flags; the config is checked again (cheap, and a config object built in code gets the same checks).
 */
export function resolveOptions(flags: OptionValues, config: ConformConfig, env: NodeJS.ProcessEnv): ResolvedOptions {
  const file = configFileOf(config);
  const checked = checkConfig(config as Record<string, unknown>, file) as Record<string, unknown>;
  const given = flags as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const sources = new Map<string, ValueSource>();
  for (const option of optionTable as readonly OptionDef[]) {
    const found = pick(option, given[option.key], env, checked[option.key], file);
    if (found === undefined) continue;
    values[option.key] = found.value;
    sources.set(option.key, found.source);
  }
  return {
    values: values as ResolvedOptions['values'],
    sourceOf: (key) => sources.get(key),
    labelOf: (key) => {
      const option = optionOf(key) as OptionDef;
      return sourceLabel(option, sources.get(key) ?? { kind: 'flag' });
    },
  };
}

function pick(
  option: OptionDef,
  flag: unknown,
  env: NodeJS.ProcessEnv,
  config: unknown,
  file: string | undefined,
): { value: unknown; source: ValueSource } | undefined {
  if (flag !== undefined) return { value: flag, source: { kind: 'flag' } };
  const fromEnv = option.env === undefined ? undefined : env[option.env];
  if (fromEnv !== undefined) return { value: coerceOption(option, fromEnv, { kind: 'env' }), source: { kind: 'env' } };
  if (config !== undefined) return { value: config, source: { kind: 'config', key: option.key, ...(file === undefined ? {} : { file }) } };
  if (option.default !== undefined) return { value: option.default, source: { kind: 'default' } };
  return undefined;
}
