import { optionGroups } from '../../cli/conform/options/option-groups.js';
import { optionTable } from '../../cli/conform/options/option-table.js';
import { renderOptionsMarkdown } from '../../cli/options/render-markdown.js';
import type { GeneratedPage } from './generated-page.js';
import { pageHead } from './generated-page.js';

/** Every option of `npm run conform`: the option table as --help shows it, with config keys and variables. */
export const optionsPage: GeneratedPage = {
  path: 'docs/reference/conform-options.md',
  async render() {
    return [
      pageHead('`npm run conform` options', 'the option table, `cli/conform/options/`'),
      'Precedence: flags, then environment variables, then the config file ([configuration](../configuration.md)), then the',
      'defaults. A bad value is a usage error (exit 2) naming where it came from (the flag, the variable, or the config key',
      'and its file), found before any target starts or any report is written. The other commands: [commands](commands.md).',
      '',
      renderOptionsMarkdown(optionTable, optionGroups),
      '',
    ].join('\n');
  },
};
