import { conventionOptions } from './convention-options.js';
import type { OptionDef } from './option-def.js';
import { flagOf } from './option-def.js';
import { outputOptions } from './output-options.js';
import { parityOptions } from './parity-options.js';
import { runOptions } from './run-options.js';
import { targetOptions } from './target-options.js';

/**
 * Every option of `npm run conform`, each defined once (flag, environment variable, config key, type, default, help):
 * the parser, the config-file check, --help and the options reference (docs/reference/conform-options.md) are generated from it.
 */
export const optionTable = [...targetOptions, ...conventionOptions, ...parityOptions, ...runOptions, ...outputOptions] as const;

type Row = (typeof optionTable)[number];

/** The value an option of the table holds once parsed. */
type ValueOf<D> = D extends { kind: 'list' }
  ? string[]
  : D extends { kind: 'number' }
    ? number
    : D extends { kind: 'boolean' }
      ? boolean
      : D extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : string;

/** The options by key, each optional (what one source, or all of them merged, gives). */
export type OptionValues = { -readonly [D in Row as D['key']]?: ValueOf<D> };

/** An option's key (its config key). */
export type OptionKey = keyof OptionValues;

/** The keys a config file may set (every option but the command-line actions). */
export type ConfigKey = Exclude<Row, { config: false }>['key'];

const byKey = new Map<string, OptionDef>(optionTable.map((option) => [option.key, option]));
const byFlag = new Map<string, OptionDef>(optionTable.map((option) => [flagOf(option), option]));

/** The option of a key, or undefined. */
export function optionOf(key: string): OptionDef | undefined {
  return byKey.get(key);
}

/** The option of a flag (`--fail-on` or `-s`), or undefined. */
export function optionOfFlag(flag: string): OptionDef | undefined {
  return byFlag.get(flag) ?? optionTable.find((option) => 'short' in option && `-${option.short}` === flag);
}
