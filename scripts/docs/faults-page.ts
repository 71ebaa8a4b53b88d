import { code } from '../../cli/options/render-markdown.js';
import { faultCatalogue } from '../../simulator/faults/catalogue.js';
import type { GeneratedPage } from './generated-page.js';
import { mdText, pageHead } from './generated-page.js';

/** The reference's named faults: id, the requirement each breaks, what it does. */
export const faultsPage: GeneratedPage = {
  path: 'docs/reference/faults.md',
  async render() {
    const rows = [...faultCatalogue]
      .sort((a, b) => a.area.localeCompare(b.area) || a.id.localeCompare(b.id))
      .map((f) => `| ${code(f.id)} | ${code(f.requirement)} | ${mdText(f.description)} |`);
    return [
      pageHead('Fault catalogue', '`simulator/faults/`'),
      `${faultCatalogue.length} faults. Each breaks exactly one requirement of the reference; \`npm run selftest\` proves every one is`,
      'caught by a check citing it ([self-test and faults](../selftest.md)). Switch one on with `npm run conform -- --fault <id>`,',
      '`npm run simulator -- --fault <id>` or `SIM_FAULTS=<id>` in the container; `--fault list` prints this list.',
      '',
      '| fault | breaks | what it does |',
      '|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  },
};
