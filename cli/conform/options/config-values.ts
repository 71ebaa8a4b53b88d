import { didYouMean } from '../../../suites/checks/near-matches.js';
import { HarnessError } from '../../../targets/harness-error.js';
import { coerceOption } from '../../options/coerce-option.js';
import type { OptionDef } from '../../options/option-def.js';
import { flagOf } from '../../options/option-def.js';
import { optionTable } from './option-table.js';
import type { ConfigKey, ConformValues } from './option-table.js';

/** What a conform.config.json / .ts may set: every option but the command-line actions, under its flag's camelCase name. */
export type ConformConfig = Omit<Pick<ConformValues, ConfigKey>, 'templates'> & {
  /** The template catalogue: a file path, or the catalogue itself (docs/conventions.md). */
  templates?: string | Record<string, unknown> | unknown[];
};

const configOptions: readonly OptionDef[] = optionTable.filter((option: OptionDef) => option.config !== false);
const byConfigKey = new Map<string, OptionDef>(configOptions.map((option) => [option.key, option]));
const byOldKey = new Map<string, OptionDef>(configOptions.flatMap((option) => (option.deprecatedKeys ?? []).map((old): [string, OptionDef] => [old, option])));
/** The file each checked config came from, so later messages can name it. */
const files = new WeakMap<object, string>();

/** The file a config object was loaded from (undefined for one built in code). */
export function configFileOf(config: object): string | undefined {
  return files.get(config);
}

/**
 * Checks a config object against the option table and returns it under the current keys: an unknown key is a CONFIG
 * error with the near keys, a wrong value names its key, its file and what it expects; an old plural key
 * (`suites`) is read as its option (`suite`) with a note through `warn`.
 */
export function checkConfig(raw: Readonly<Record<string, unknown>>, file?: string, warn: (note: string) => void = () => {}): ConformConfig {
  const where = file === undefined ? 'the config' : file;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const option = byConfigKey.get(key) ?? byOldKey.get(key);
    if (!option) {
      const actions = optionTable.some((o: OptionDef) => o.key === key) ? ` ${key} is a command-line action, not a setting: pass ${flagOf({ key })}.` : '';
      throw new HarnessError(
        'CONFIG',
        `Unknown key "${key}" in ${where}.${actions || didYouMean(key, byConfigKey.keys())} Config keys are the flags in camelCase (--fail-on is failOn): ${[...byConfigKey.keys()].join(', ')}.`,
      );
    }
    if (option.key !== key) {
      if (raw[option.key] !== undefined) throw new HarnessError('CONFIG', `${where} gives both "${key}" and "${option.key}": keep "${option.key}".`);
      warn(`config key "${key}" in ${where} is deprecated: name it "${option.key}", as its flag ${flagOf(option)}.`);
    }
    out[option.key] = coerceOption(option, value, { kind: 'config', key, ...(file === undefined ? {} : { file }) });
  }
  if (file !== undefined) files.set(out, file);
  return out as ConformConfig;
}
