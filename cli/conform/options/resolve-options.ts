import { sourceLabel } from '../../options/coerce-option.js';
import type { ValueSource } from '../../options/coerce-option.js';
import type { OptionDef } from '../../options/option-def.js';
import { mergeValues } from '../../options/resolve-values.js';
import { checkConfig, configFileOf } from './config-values.js';
import type { ConformConfig } from './config-values.js';
import { optionOf, optionTable } from './option-table.js';
import type { ConformResolvedValues, ConformValues, OptionKey } from './option-table.js';

/** The options of a run, each from the first source that gives it, and where it came from. */
export interface ResolvedOptions {
  /** Every option: flags > environment > config file > the table's default (so an option with a default is never undefined). */
  readonly values: Omit<ConformResolvedValues, 'templates'> & Pick<ConformConfig, 'templates'>;
  /** Where an option's value came from (undefined: nowhere). */
  sourceOf(key: OptionKey): ValueSource | undefined;
  /** How a message names that source: `--profile`, `CONFORM_API_KEY`, `config key "profile" (c.json)`. */
  labelOf(key: OptionKey): string;
}

/**
 * Merges the flags over the environment over the config file over the table's defaults. Environment values are
 * checked like flags; the config is checked again (cheap, and a config object built in code gets the same checks).
 */
export function resolveOptions(flags: ConformValues, config: ConformConfig, env: NodeJS.ProcessEnv): ResolvedOptions {
  const file = configFileOf(config);
  const checked = checkConfig(config as Record<string, unknown>, file) as Record<string, unknown>;
  const { values, sources } = mergeValues(optionTable, flags as Record<string, unknown>, env, checked, file);
  return {
    values: values as unknown as ResolvedOptions['values'],
    sourceOf: (key) => sources.get(key),
    labelOf: (key) => sourceLabel(optionOf(key) as OptionDef, sources.get(key) ?? { kind: 'flag' }),
  };
}
