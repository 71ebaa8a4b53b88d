import type { OptionDef } from './option-def.js';
import { optionGroups } from './option-def.js';
import type { OptionGroup } from './option-def.js';
import { describe, usageOf } from './option-notes.js';

const width = 116;
const column = 28;

/** The text of conform --help, made from the option table: one section per group, each option with its notes. */
export function renderHelp(options: readonly OptionDef[]): string {
  const sections = (Object.keys(optionGroups) as OptionGroup[]).map((group) => {
    const { title, note } = optionGroups[group] as { title: string; note?: string };
    const rows = options.filter((option) => option.group === group).map((option) => row(`  ${usageOf(option)}`, describe(option)));
    return [title, ...(note === undefined ? [] : wrap(note, 2, 2)), ...rows].join('\n');
  });
  return `Usage: npm run conform -- [options]   (installed as a package: npx sms-conform [options])

Runs the conformance suites against a target and writes reports. Every option but the commands is also a key of
the --config file, named as its flag in camelCase; flags win over environment variables, which win over the file.

${sections.join('\n\n')}

Exit codes: 0 conforms, 1 does not conform, 2 usage or set-up error.

Passive conformance (your own traffic, no requests of ours): npm run proxy -- --target <url> --port <p>
and the webhook forwarder npm run receiver -- --forward <loopback url> (docs/passive.md).
`;
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
