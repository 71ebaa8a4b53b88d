import type { RunDescription } from '../../suites/engine/run-options.js';

/** The value kinds an option takes (a `list` flag is repeatable; its config key or comma-separated variable holds several). */
export type OptionKind = 'string' | 'number' | 'boolean' | 'list' | 'enum';

/** A section of a command's --help and of its options reference: a title and a note under it. */
export interface OptionGroupDef {
  readonly title: string;
  readonly note?: string;
}

/** A value an option may hold. */
export type OptionValue = string | number | boolean | readonly string[];

/**
 * One option of a command, defined once: its parser, --help and the rows of its options reference (and for conform the
 * config-file check) are made from it. The flag is `--` + the key in kebab-case; the config key is the key itself.
 */
export interface OptionDef<G extends string = string> {
  /** camelCase name: the config key and the field of the parsed values, e.g. failOn for --fail-on. */
  readonly key: string;
  readonly kind: OptionKind;
  /** The section of --help it is listed in (a key of the command's groups). */
  readonly group: G;
  /** One or more sentences for --help and the options reference (wrapped there). */
  readonly help: string;
  /** The placeholder after the flag in --help, e.g. `<url>` (enums show their values). */
  readonly arg?: string;
  /** A one-letter alias, e.g. `s` for -s. */
  readonly short?: string;
  /** The environment variable that gives it when no flag does (flags > environment > config file > default). */
  readonly env?: string;
  /** An API key or secret: every message and report is scrubbed of it (DESIGN.md §5). */
  readonly secret?: true;
  /** number: the smallest and largest whole number taken. */
  readonly min?: number;
  readonly max?: number;
  /** enum: the values taken. */
  readonly values?: readonly string[];
  /** The value applied when no flag, variable or config key gives one (the resolved value is then never undefined). */
  readonly default?: OptionValue;
  /** The default where something else decides it (shown, not applied here). */
  readonly defaultNote?: string;
  /** false: a command-line-only action (--config, --help, --list, --plan, --shard, --merge), not a config key. */
  readonly config?: false;
  /** The config file may also give the value itself (a JSON object or array) instead of a path. */
  readonly configObject?: true;
  /** Old config keys still read, with a deprecation note. */
  readonly deprecatedKeys?: readonly string[];
  /** conform: the field of the engine's RunDescription the value goes to unchanged (tuning and safety options). */
  readonly into?: keyof RunDescription;
}

/** The flag of an option: `--` and its key in kebab-case. */
export function flagOf(option: Pick<OptionDef, 'key'>): string {
  return `--${option.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
