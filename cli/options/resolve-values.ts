import { coerceOption } from './coerce-option.js';
import type { ValueSource } from './coerce-option.js';
import type { OptionDef } from './option-def.js';
import type { OptionValues, ResolvedValues } from './option-values.js';
import { parseFlags } from './parse-flags.js';

/** A command's options merged from their sources, and where each value came from. */
export interface MergedValues {
  readonly values: Record<string, unknown>;
  readonly sources: ReadonlyMap<string, ValueSource>;
}

/**
 * Merges the flags over the environment over the config values over the table's defaults, option by option: the one
 * precedence of every command (a command without a config file passes {}). A variable's text is checked as a flag's
 * is; a list's variable is a comma-separated list.
 */
export function mergeValues(
  table: readonly OptionDef[],
  flags: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
  config: Readonly<Record<string, unknown>> = {},
  file?: string,
): MergedValues {
  const values: Record<string, unknown> = {};
  const sources = new Map<string, ValueSource>();
  for (const option of table) {
    const found = pick(option, flags[option.key], env, config[option.key], file);
    if (found === undefined) continue;
    values[option.key] = found.value;
    sources.set(option.key, found.source);
  }
  return { values, sources };
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
  if (fromEnv !== undefined)
    return { value: coerceOption(option, option.kind === 'list' ? commaList(fromEnv) : fromEnv, { kind: 'env' }), source: { kind: 'env' } };
  if (config !== undefined) return { value: config, source: { kind: 'config', key: option.key, ...(file === undefined ? {} : { file }) } };
  if (option.default !== undefined) return { value: option.default, source: { kind: 'default' } };
  return undefined;
}

/** `a, b,,c` as ['a', 'b', 'c']. */
function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A command's options from its command line and environment (commands without a config file): what the flags gave,
 * and every source merged over the table's defaults, so an option with a default is never undefined.
 */
export function readCommandLine<T extends readonly OptionDef[]>(
  table: T,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  example: string,
): { flags: OptionValues<T>; values: ResolvedValues<T> } {
  const flags = parseFlags(table, argv, example);
  // an empty variable (SIM_API_PORT= in a compose file) is an unset one
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  return { flags, values: mergeValues(table, flags as Record<string, unknown>, set).values as ResolvedValues<T> };
}
