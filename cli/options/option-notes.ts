import type { OptionDef } from './option-def.js';
import { flagOf } from './option-def.js';

/** The placeholder after an option's flag: its `arg`, an enum's values, nothing for a boolean. */
export function placeholderOf(option: OptionDef): string {
  if (option.kind === 'boolean') return '';
  if (option.kind === 'enum') return (option.values ?? []).join('|');
  return option.arg ?? '<value>';
}

/** The flag as usage shows it, e.g. `--fail-on must|should`. */
export function usageOf(option: OptionDef): string {
  const placeholder = placeholderOf(option);
  return placeholder === '' ? flagOf(option) : `${flagOf(option)} ${placeholder}`;
}

/** What --help and the options reference add after an option's help: repeatable, default, environment variable, short alias. */
export function notesOf(option: OptionDef): string[] {
  const shown = option.default === undefined ? option.defaultNote : Array.isArray(option.default) ? option.default.join(', ') : String(option.default);
  return [
    option.kind === 'list' ? 'repeatable' : '',
    shown === undefined ? '' : `default ${shown}`,
    option.env === undefined ? '' : `env ${option.env}`,
    option.short === undefined ? '' : `-${option.short}`,
  ].filter(Boolean);
}

/** An option's help with its notes, as one text: `help (repeatable; default x)`. */
export function describe(option: OptionDef): string {
  const notes = notesOf(option);
  return notes.length === 0 ? option.help : `${option.help} (${notes.join('; ')})`;
}
