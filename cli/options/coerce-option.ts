import { HarnessError } from '../../targets/harness-error.js';
import type { OptionDef } from './option-def.js';
import { flagOf } from './option-def.js';

/** Where a value came from: error messages name the flag the user typed, the variable, or the config key in its file. */
export type ValueSource =
  | { readonly kind: 'flag' }
  | { readonly kind: 'env' }
  | { readonly kind: 'config'; readonly key: string; readonly file?: string }
  | { readonly kind: 'default' };

/** How a message names the source of an option's value: `--runs`, `CONFORM_API_KEY`, `config key "runs" (c.json)`. */
export function sourceLabel(option: OptionDef, source: ValueSource): string {
  switch (source.kind) {
    case 'flag':
      return flagOf(option);
    case 'env':
      return option.env ?? flagOf(option);
    case 'config':
      return `config key "${source.key}"${source.file === undefined ? '' : ` (${source.file})`}`;
    case 'default':
      return `the default of ${flagOf(option)}`;
  }
}

/**
 * Checks and converts one raw value (a flag's or variable's text, a config file's JSON value) to the option's type;
 * a bad one is a USAGE error (CONFIG from a config file) that names its source and what the option expects.
 */
export function coerceOption(option: OptionDef, raw: unknown, source: ValueSource): unknown {
  const label = sourceLabel(option, source);
  const fail = (message: string): never => {
    throw new HarnessError(source.kind === 'config' ? 'CONFIG' : 'USAGE', `${label} ${message}.`);
  };
  const shown = typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw);
  switch (option.kind) {
    case 'number': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
      const min = option.min ?? 0;
      const range = `>= ${min}${option.max === undefined ? '' : ` and <= ${option.max}`}`;
      if (!Number.isSafeInteger(number) || number < min || (option.max !== undefined && number > option.max)) {
        fail(`must be a whole number ${range}, got ${typeof raw === 'number' ? `"${raw}"` : shown}`);
      }
      return number;
    }
    case 'enum': {
      const values = option.values ?? [];
      if (typeof raw !== 'string' || !values.includes(raw)) {
        const choices = values.length === 2 ? `"${values[0]}" or "${values[1]}"` : `one of ${values.join(', ')}`;
        fail(`must be ${choices}, got ${shown}`);
      }
      return raw;
    }
    case 'boolean':
      if (typeof raw !== 'boolean') fail(`has the wrong type: expects true or false, got ${shown}`);
      return raw;
    case 'list':
      if (!Array.isArray(raw) || !raw.every((item) => typeof item === 'string')) {
        fail(`has the wrong type: expects a list of strings (each one what a ${flagOf(option)} gives), got ${shown}`);
      }
      return raw;
    case 'string': {
      const object = option.configObject === true && source.kind === 'config' && raw !== null && typeof raw === 'object';
      if (typeof raw !== 'string' && !object)
        fail(`has the wrong type: expects a string${option.configObject ? ' (a path) or the value itself' : ''}, got ${shown}`);
      return raw;
    }
  }
}
