import { optionTable } from './options/option-table.js';
import type { ResolvedOptions } from './options/resolve-options.js';
import { flagWords } from './rerun-command.js';

/** B's own twin of an option of A, as the parity rows name it (`dialect`: `compareDialect`). */
const compareKeyOf = (key: string): string => `compare${key.charAt(0).toUpperCase()}${key.slice(1)}`;

const keys = new Set<string>(optionTable.map((option) => option.key));

/**
 * The target-convention settings of a parity run as conform flags (both sides ran with them), so that a side's
 * re-run command reproduces its row when pasted: every row of the table's conventions group that B has no twin of
 * (--dialect has --compare-dialect), with the value the run resolved (flags > environment > config file, the one
 * precedence). A template catalogue given inline in the config file has no flag and is left out.
 */
export function conventionFlags(options: ResolvedOptions): string[] {
  const values = options.values as Record<string, unknown>;
  return optionTable
    .filter((option) => option.group === 'conventions' && !keys.has(compareKeyOf(option.key)))
    .flatMap((option) => {
      const value = values[option.key];
      return value === undefined || (typeof value === 'object' && !Array.isArray(value)) ? [] : flagWords(option, value);
    });
}
