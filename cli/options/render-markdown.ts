import type { OptionDef, OptionGroupDef } from './option-def.js';
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

/**
 * A command's options reference (docs/reference/), made from its option table: a row per option, grouped as --help is;
 * `configKeys` false for a command without a config file (no config key column).
 */
export function renderOptionsMarkdown(options: readonly OptionDef[], groups: Readonly<Record<string, OptionGroupDef>>, configKeys = true): string {
  const lines = configKeys ? ['| option | config key | environment | meaning |', '|---|---|---|---|'] : ['| option | environment | meaning |', '|---|---|---|'];
  for (const [group, { title, note }] of Object.entries(groups)) {
    if (!options.some((o) => o.group === group)) continue;
    lines.push(`| **${prose(title)}** |${configKeys ? ' |' : ''} |${note === undefined ? '' : ` ${prose(note)}`} |`);
    for (const option of options.filter((o) => o.group === group)) {
      const notes = notesOf(option).filter((n) => !n.startsWith('env '));
      const meaning = notes.length === 0 ? option.help : `${option.help} (${notes.join('; ')})`;
      const key = option.config === false ? 'command line only' : code(option.key);
      lines.push(`| ${code(usageOf(option))} |${configKeys ? ` ${key} |` : ''}${option.env === undefined ? '' : ` ${code(option.env)}`} | ${prose(meaning)} |`);
    }
  }
  return lines.join('\n');
}
