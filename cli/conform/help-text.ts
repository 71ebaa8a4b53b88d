import { optionTable } from './options/option-table.js';
import { renderHelp } from './options/render-help.js';

/** The text of conform --help (generated from cli/conform/options/option-table.ts). */
export const helpText = renderHelp(optionTable);
