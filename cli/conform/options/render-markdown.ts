import type { OptionDef } from './option-def.js';
import { optionGroups } from './option-def.js';
import type { OptionGroup } from './option-def.js';
import { notesOf, usageOf } from './option-notes.js';

/** Text for a Markdown table cell (`|` escaped). */
export const cell = (text: string): string => text.replace(/\|/g, '\\|');
/** Code for a Markdown table cell. */
export const code = (text: string): string => `\`${cell(text)}\``;
/** Prose for a Markdown cell: flags as code, `<` and `*` escaped (GitHub would take <id> for a tag, * for emphasis). */
const prose = (text: string): string =>
  cell(text)
    .replace(/[<*]/g, (c) => (c === '<' ? '&lt;' : '\\*'))
    .replace(/(^|[\s(])(--[a-z][a-z-]*)/g, (_, before: string, flag: string) => `${before}\`${flag}\``);

/** The options table (docs/reference/conform-options.md), made from the option table: a row per option, grouped as --help is. */
export function renderOptionsMarkdown(options: readonly OptionDef[]): string {
  const lines = ['| option | config key | environment | meaning |', '|---|---|---|---|'];
  for (const group of Object.keys(optionGroups) as OptionGroup[]) {
    const { title, note } = optionGroups[group] as { title: string; note?: string };
    lines.push(`| **${prose(title)}** | | |${note === undefined ? '' : ` ${prose(note)}`} |`);
    for (const option of options.filter((o) => o.group === group)) {
      const notes = notesOf(option).filter((n) => !n.startsWith('env '));
      const meaning = notes.length === 0 ? option.help : `${option.help} (${notes.join('; ')})`;
      const key = option.config === false ? 'command line only' : code(option.key);
      lines.push(`| ${code(usageOf(option))} | ${key} |${option.env === undefined ? '' : ` ${code(option.env)}`} | ${prose(meaning)} |`);
    }
  }
  return lines.join('\n');
}
