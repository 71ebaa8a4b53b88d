import type { RunResult } from '../suites/engine/result.js';
import type { Reporter } from './reporter.js';
import { ledgerHeader, ledgerRows, safetySummary } from './safety-section.js';
import { counterexampleText, problems, statusMark, verdictLine } from './text-format.js';

/** A Markdown summary for a CI step summary: verdict, counts, failures with reproductions, the matrix collapsed. */
export const markdownReporter: Reporter = {
  name: 'markdown',
  file: 'summary.md',
  render(result: RunResult): string {
    const { summary } = result;
    const lines = [
      `# Conformance: ${result.verdict === 'conforms' ? '✅' : '❌'} ${verdictLine(result)}`,
      '',
      `Target **${cell(result.target.name)}** (profile ${result.target.profile}, ${cell(result.target.baseUrl)}), seed \`${result.seed}\`, ${result.runs} runs per property, ${result.requestsSent} requests, ${(result.durationMs / 1000).toFixed(1)} s${result.target.startupMs === undefined ? '' : `, target ready in ${result.target.startupMs} ms`}.`,
      '',
      '| level | passed | failed | errored | skipped |',
      '|---|---:|---:|---:|---:|',
      ...(['must', 'should', 'observe'] as const).map((level) => {
        const c = summary.byLevel[level];
        return `| ${level} | ${c.passed} | ${c.failed} | ${c.errored} | ${c.skipped} |`;
      }),
      `| **all** | ${summary.byStatus.passed} | ${summary.byStatus.failed} | ${summary.byStatus.errored} | ${summary.byStatus.skipped} |`,
      '',
      `Requirements covered: ${summary.requirements.covered} of ${summary.requirements.total} (${summary.requirements.percent}%).`,
      '',
    ];
    const safety = safetySummary(result);
    if (safety) lines.push(safety, '');
    const ledger = ledgerRows(result);
    if (ledger.length > 0) {
      lines.push('## Send ledger', '', `| ${ledgerHeader.join(' | ')} |`, `|${ledgerHeader.map(() => '---').join('|')}|`);
      for (const row of ledger) lines.push(`| ${row.map(cell).join(' | ')} |`);
      lines.push('');
    }
    const failing = problems(result);
    if (failing.length > 0) {
      lines.push('## Failures', '');
      for (const check of failing) {
        lines.push(`### ${statusMark[check.status]} \`${check.id}\` (${check.level}): ${cell(check.title)}`, '');
        lines.push(`Requirements: ${check.requirements.map((id) => `\`${id}\``).join(', ')}`, '');
        if (check.reason) lines.push(fence(check.reason), '');
        const example = counterexampleText(check);
        if (example) lines.push(`Counterexample (seed ${check.seed ?? result.seed}):`, '', fence(example), '');
        if (check.reproduction) lines.push('Reproduce:', '', fence(check.reproduction, 'sh'), '');
      }
    }
    lines.push('<details><summary>Requirements matrix</summary>', '', '| requirement | level | status | checks |', '|---|---|---|---|');
    for (const row of result.requirements) {
      lines.push(`| \`${row.id}\` | ${row.level} | ${statusMark[row.status]} | ${row.checks.map((id) => `\`${id}\``).join(' ') || '-'} |`);
    }
    lines.push('', '</details>', '');
    return lines.join('\n');
  },
};

/** Text safe inside a Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A fenced block long enough not to be closed by backticks inside the text. */
function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}
