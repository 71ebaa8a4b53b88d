import type { RunDescription } from '../../../suites/engine/run-options.js';

/** The value kinds an option takes (a `list` flag is repeatable; its config key holds an array). */
export type OptionKind = 'string' | 'number' | 'boolean' | 'list' | 'enum';

/** The sections of --help and of the options reference (docs/reference/conform-options.md), in order. */
export const optionGroups = {
  target: { title: 'Target' },
  keys: { title: 'Keys (by role; never printed)' },
  container: { title: 'Container target (--target container)' },
  conventions: {
    title: 'Target conventions',
    note: "Where the spec is silent. Default: the reference's on the targets this project starts, only Service-Signature on a URL; a check that needs one not given is skipped naming it (docs/conventions.md).",
  },
  parity: { title: 'Parity (--compare)', note: "B's keys fall back to A's, one by one." },
  safety: {
    title: 'Safety (a production profile or any non-loopback target)',
    note: 'Webhooks the run creates are deleted at the end, also on Ctrl-C.',
  },
  selection: { title: 'Selection' },
  tuning: { title: 'Run' },
  shards: { title: 'CI fleets' },
  reports: { title: 'Reports', note: 'When $GITHUB_STEP_SUMMARY is set, the Markdown summary is appended to it (whole runs and merges).' },
  commands: { title: 'Commands' },
} as const satisfies Record<string, { readonly title: string; readonly note?: string }>;

/** A section of --help. */
export type OptionGroup = keyof typeof optionGroups;

/** A value an option may hold. */
export type OptionValue = string | number | boolean | readonly string[];

/**
 * One option, defined once: the parser, the config-file check, --help and the options reference are made from it.
 * The flag is `--` + the key in kebab-case; the config key is the key itself.
 */
export interface OptionDef {
  /** camelCase name: the config key and the field of ConformArgs, e.g. failOn for --fail-on. */
  readonly key: string;
  readonly kind: OptionKind;
  readonly group: OptionGroup;
  /** One or more sentences for --help and the options reference (wrapped there). */
  readonly help: string;
  /** The placeholder after the flag in --help, e.g. `<url>` (enums show their values). */
  readonly arg?: string;
  /** A one-letter alias, e.g. `s` for -s. */
  readonly short?: string;
  /** The environment variable that gives it when no flag does (flags > environment > config file > default). */
  readonly env?: string;
  /** An API key: every message and report is scrubbed of it (DESIGN.md §5). */
  readonly secret?: true;
  /** number: the smallest and largest whole number taken. */
  readonly min?: number;
  readonly max?: number;
  /** enum: the values taken. */
  readonly values?: readonly string[];
  /** The value applied when no flag, variable or config key gives one. */
  readonly default?: OptionValue;
  /** The default where the engine or the target decides it (shown, not applied here). */
  readonly defaultNote?: string;
  /** false: a command-line-only action (--config, --help, --list, --plan, --shard, --merge), not a config key. */
  readonly config?: false;
  /** The config file may also give the value itself (a JSON object or array) instead of a path. */
  readonly configObject?: true;
  /** Old config keys still read, with a deprecation note. */
  readonly deprecatedKeys?: readonly string[];
  /** The field of the engine's RunDescription the value goes to unchanged (tuning and safety options). */
  readonly into?: keyof RunDescription;
}

/** The flag of an option: `--` and its key in kebab-case. */
export function flagOf(option: Pick<OptionDef, 'key'>): string {
  return `--${option.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
