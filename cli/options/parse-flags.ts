import { nearMatches } from '../../suites/checks/near-matches.js';
import { HarnessError } from '../../targets/harness-error.js';
import { coerceOption } from './coerce-option.js';
import type { OptionDef } from './option-def.js';
import { flagOf } from './option-def.js';
import type { OptionValues } from './option-values.js';

const usage = (message: string): HarnessError => new HarnessError('USAGE', `${message} Run with --help for the options.`);

/** The option of a flag (`--fail-on` or `-s`) in a command's table, or undefined. */
function optionOfFlag<T extends readonly OptionDef[]>(table: T, flag: string): T[number] | undefined {
  return table.find((option) => flagOf(option) === flag || (option.short !== undefined && `-${option.short}` === flag));
}

/**
 * Parses a command's flags from its option table: `--flag value`, `--flag=value`, `-s value`, a boolean flag alone, a
 * repeatable flag collected into a list; `example` shows a flag and its value in the message for a stray word. Each value is checked as the table says (a number's range, an enum's values),
 * so `--runs -1` is a range error like any other; a bad flag is a USAGE error that says how to fix it.
 */
export function parseFlags<T extends readonly OptionDef[]>(table: T, argv: readonly string[], example: string): OptionValues<T> {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (!token.startsWith('-') || token === '-' || token === '--') {
      throw usage(`Unexpected argument '${token}': every value follows its flag (e.g. ${example}).`);
    }
    const eq = token.startsWith('--') ? token.indexOf('=') : -1;
    const name = eq === -1 ? token : token.slice(0, eq);
    const inline = eq === -1 ? undefined : token.slice(eq + 1);
    const option = optionOfFlag(table, name);
    if (!option) throw usage(`Unknown option '${name}'.${nearFlags(table, name)}`);
    const flag = flagOf(option);
    if (option.kind === 'boolean') {
      if (inline !== undefined) throw usage(`${flag} takes no value, got "${inline}".`);
      values[option.key] = true;
      continue;
    }
    const value = inline ?? argv[i + 1];
    const placeholder = option.arg ?? (option.values ? option.values.join('|') : '<value>');
    if (value === undefined) throw usage(`${flag} needs a value: ${flag} ${placeholder}.`);
    // a negative number is a value (its range is checked below); another flag is not
    if (inline === undefined && /^-[^\d]/.test(value)) {
      throw usage(`${flag} needs a value (${placeholder}), got the option ${value}; a value that starts with a dash is written ${flag}=${value}.`);
    }
    if (inline === undefined) i++;
    if (option.kind === 'list') values[option.key] = [...((values[option.key] as string[] | undefined) ?? []), value];
    else values[option.key] = coerceOption(option, value, { kind: 'flag' });
  }
  return values as OptionValues<T>;
}

/** " Did you mean --suite?" for a mistyped flag (compared without the dashes, which every flag shares), or "". */
function nearFlags(table: readonly OptionDef[], name: string): string {
  const near = nearMatches(
    name.replace(/^-+/, ''),
    table.map((option) => flagOf(option).slice(2)),
  );
  return near.length === 0 ? '' : ` Did you mean ${near.map((flag) => `--${flag}`).join(', ')}?`;
}
