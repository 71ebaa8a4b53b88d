import type { OptionDef, OptionGroupDef } from './option-def.js';
import { describe, usageOf } from './option-notes.js';

/** A command's --help around its options: the lines before them, the sections they are listed in (in order), the lines after. */
export interface HelpPage {
  readonly head: string;
  readonly groups: Readonly<Record<string, OptionGroupDef>>;
  readonly tail: string;
}

const width = 116;
const column = 28;

/** A command's --help, made from its option table: the head, one section per group with options, each option with its notes, the tail. */
export function renderHelp(options: readonly OptionDef[], page: HelpPage): string {
  const sections = Object.entries(page.groups).flatMap(([group, { title, note }]) => {
    const rows = options.filter((option) => option.group === group).map((option) => row(`  ${usageOf(option)}`, describe(option)));
    return rows.length === 0 ? [] : [[title, ...(note === undefined ? [] : wrap(note, 2, 2)), ...rows].join('\n')];
  });
  return `${page.head}\n\n${sections.join('\n\n')}\n\n${page.tail}`;
}

/** A flag column and its wrapped description (on the flag's line when the flag fits the column). */
function row(flag: string, text: string): string {
  if (flag.length <= column - 2) return wrap(text, column, column, flag.padEnd(column)).join('\n');
  return wrap(text, column, flag.length + 2, `${flag}  `).join('\n');
}

/** Word-wraps text at the width: the first line starts after `lead` (of length `first`), the rest indented. */
function wrap(text: string, indent: number, first: number, lead = ' '.repeat(first)): string[] {
  const lines: string[] = [];
  let line = lead;
  let used = first;
  for (const word of text.split(/\s+/)) {
    if (used > (lines.length === 0 ? first : indent) && used + 1 + word.length > width) {
      lines.push(line.trimEnd());
      line = ' '.repeat(indent);
      used = indent;
    }
    const gap = used > (lines.length === 0 ? first : indent) ? ' ' : '';
    line += gap + word;
    used += gap.length + word.length;
  }
  lines.push(line.trimEnd());
  return lines;
}
