import type { OptionDef } from '../../options/option-def.js';
import type { OptionValues, ResolvedValues } from '../../options/option-values.js';
import { baselineOptions } from './baseline-options.js';
import { conventionOptions } from './convention-options.js';
import { outputOptions } from './output-options.js';
import { parityOptions } from './parity-options.js';
import { runOptions } from './run-options.js';
import { targetOptions } from './target-options.js';

/**
 * Every option of `npm run conform`, each defined once (flag, environment variable, config key, type, default, help):
 * the parser, the config-file check, --help and the options reference (docs/reference/conform-options.md) are generated from it.
 */
export const optionTable = [...targetOptions, ...conventionOptions, ...parityOptions, ...runOptions, ...outputOptions, ...baselineOptions] as const;

type Table = typeof optionTable;
type Row = Table[number];

/** The options by key, each optional (what one source gives: the flags, a config file). */
export type ConformValues = OptionValues<Table>;

/** Every source merged: an option with a default is never undefined. */
export type ConformResolvedValues = ResolvedValues<Table>;

/** An option's key (its config key). */
export type OptionKey = keyof ConformValues;

/** The keys a config file may set (every option but the command-line actions). */
export type ConfigKey = Exclude<Row, { config: false }>['key'];

const byKey = new Map<string, OptionDef>(optionTable.map((option) => [option.key, option]));

/** The option of a key, or undefined. */
export function optionOf(key: string): OptionDef | undefined {
  return byKey.get(key);
}
