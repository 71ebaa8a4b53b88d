import { parseFlags } from '../options/parse-flags.js';
import { optionTable } from './options/option-table.js';
import type { ConformValues } from './options/option-table.js';

/** What the conform command line says: each option of cli/conform/options/option-table.ts the user gave, under its camelCase key. */
export type ConformArgs = ConformValues;

/** Parses conform's arguments from the option table; a bad flag or value is a HarnessError (USAGE) that says how to fix it. */
export function parseConformArgs(argv: readonly string[]): ConformArgs {
  return parseFlags(optionTable, argv, '--suite contract/*');
}
