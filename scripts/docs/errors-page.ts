import { code } from '../../cli/options/render-markdown.js';
import { harnessErrorCodes, harnessErrorFixes } from '../../targets/index.js';
import type { GeneratedPage } from './generated-page.js';
import { mdText, pageHead } from './generated-page.js';

/** Every harness error code with when it is raised and its fix. */
export const errorsPage: GeneratedPage = {
  path: 'docs/reference/errors.md',
  async render() {
    const rows = harnessErrorCodes.map((c) => `| ${code(c)} | ${mdText(harnessErrorFixes[c].when)} | ${mdText(harnessErrorFixes[c].fix)} |`);
    return [
      pageHead('Error codes', '`targets/harness-error.ts` and `targets/harness-error-fixes.ts`'),
      'A harness error is a usage or set-up problem, never a conformance failure: the command prints one line that names',
      'the flag, key or file to change and exits **2**; nothing is run and earlier reports stay as they were. The code is',
      '`error.code` for a package caller (`isHarnessError`). More symptoms: [troubleshooting](../troubleshooting.md).',
      '',
      '| code | when | fix |',
      '|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  },
};
