import { code } from '../../cli/options/render-markdown.js';
import type { Check } from '../../suites/checks/check-definition.js';
import { loadRegistry } from '../../suites/load-registry.js';
import type { GeneratedPage } from './generated-page.js';
import { mdText, pageHead } from './generated-page.js';

/** What the plan reads of a check besides its level and requirements, in words. */
function notesOf(check: Check): string {
  const notes = [
    check.baselineFor ? `baseline of ${check.baselineFor}` : '',
    check.baseline ? `negative: needs ${check.baseline}'s baseline` : '',
    check.uses?.length ? `uses ${check.uses.join(', ')}` : '',
    check.needs?.length ? `needs ${check.needs.join(', ')}` : '',
    check.exclusive ? 'exclusive' : '',
    check.watchesLifecycle ? 'watches lifecycle' : '',
    check.history ? 'judged over the history' : '',
    check.slow ? `slow: runs only when named (${check.slow})` : '',
  ];
  return notes.filter(Boolean).join('; ');
}

/** Every registered check by suite: id, level, the requirement ids it cites, what it needs. */
export const checksPage: GeneratedPage = {
  path: 'docs/reference/checks.md',
  async render() {
    const checks = [...(await loadRegistry()).all()];
    const suites = [...new Set(checks.map((c) => c.suite))].sort();
    const parts = [
      pageHead('Checks catalogue', 'the check registry (`suites/`)'),
      `${checks.length} checks in ${suites.length} suites. Levels: \`must\` is stated by the spec, \`should\` is DESIGN.md §4's choice where`,
      'the spec is silent, `observe` is shown and never fails ([reports](../reports.md)). Requirement ids are those of',
      '`spec/requirements.yaml`. What a given target would run, with skip reasons: `npm run conform -- --list`.',
      '',
      suites.map((s) => `[${s}](#${s.replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')})`).join(' · '),
    ];
    for (const suite of suites) {
      parts.push('', `## ${suite}`, '', '| check | level | requirements | title | notes |', '|---|---|---|---|---|');
      for (const c of checks.filter((x) => x.suite === suite))
        parts.push(`| ${code(c.id)} | ${c.level} | ${c.requirements.map(code).join(' ')} | ${mdText(c.title)} | ${mdText(notesOf(c))} |`);
    }
    return `${parts.join('\n')}\n`;
  },
};
