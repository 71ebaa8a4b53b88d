import type { OptionDef } from '../options/option-def.js';
import { optionTable } from './options/option-table.js';
import { Redactor } from '../../targets/redact.js';

const secretOptions = (optionTable as readonly OptionDef[]).filter((option) => option.secret === true);

/** A Redactor that knows every API key of the environment (CONFORM_*API_KEY) and of the given flags or config (DESIGN.md §5). */
export function cliRedactor(env: NodeJS.ProcessEnv, ...sources: object[]): Redactor {
  const redactor = new Redactor(secretOptions.map((option) => (option.env === undefined ? undefined : env[option.env])));
  for (const source of sources) addApiKeys(redactor, source);
  return redactor;
}

/** Teaches the redactor every API key the flags or the config file give, A's and B's (the table's secret options). */
export function addApiKeys(redactor: Redactor, source: object): void {
  const values = source as Readonly<Record<string, unknown>>;
  for (const option of secretOptions) {
    const value = values[option.key];
    if (typeof value === 'string') redactor.addSecret(value);
  }
}
