import type { OptionDef } from '../../cli/options/option-def.js';
import type { HelpPage } from '../../cli/options/render-help.js';
import { renderOptionsMarkdown } from '../../cli/options/render-markdown.js';
import { proxyHelp, proxyOptions } from '../../cli/proxy/proxy-options.js';
import { receiverHelp, receiverOptions } from '../../cli/receiver/receiver-options.js';
import { selftestHelp, selftestOptions } from '../../cli/selftest/selftest-options.js';
import { simulatorHelp, simulatorOptions } from '../../cli/simulator/simulator-options.js';
import type { GeneratedPage } from './generated-page.js';
import { pageHead } from './generated-page.js';

/** A command of this page: its option table, the rows are made from it as its --help is. */
interface Command {
  readonly script: string;
  readonly file: string;
  readonly guide: string;
  readonly table: readonly OptionDef[];
  readonly help: HelpPage;
}

/** The commands besides conform (conform's options are a page of their own: conform-options.md). */
export const commands: readonly Command[] = [
  {
    script: 'simulator',
    file: 'cli/simulator/simulator-options.ts',
    guide: '[your simulator](../your-simulator.md)',
    table: simulatorOptions,
    help: simulatorHelp,
  },
  { script: 'receiver', file: 'cli/receiver/receiver-options.ts', guide: '[passive conformance](../passive.md)', table: receiverOptions, help: receiverHelp },
  { script: 'proxy', file: 'cli/proxy/proxy-options.ts', guide: '[passive conformance](../passive.md)', table: proxyOptions, help: proxyHelp },
  { script: 'selftest', file: 'cli/selftest/selftest-options.ts', guide: '[self-test and faults](../selftest.md)', table: selftestOptions, help: selftestHelp },
];

/** Every option of npm run simulator, receiver, proxy and selftest: a row per option of each command's table. */
export const commandsPage: GeneratedPage = {
  path: 'docs/reference/commands.md',
  async render() {
    const parts = [
      pageHead('Options of the other commands', commands.map((c) => `\`${c.file}\``).join(', ')),
      "Each command's options, made from its option table as its `--help` is. `npm run conform` has its own page: [conform options](conform-options.md).",
    ];
    for (const { script, guide, table, help } of commands) {
      parts.push(
        '',
        `## npm run ${script}`,
        '',
        `Guide: ${guide}.`,
        '',
        '```text',
        help.head,
        '```',
        '',
        renderOptionsMarkdown(table, help.groups, false),
        '',
        help.tail,
      );
    }
    return `${parts.join('\n')}\n`;
  },
};
