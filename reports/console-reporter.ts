import type { RunResult } from '../suites/engine/result.js';
import type { Reporter } from './reporter.js';
import { safetySummary } from './safety-section.js';
import { problems, statusMark, verdictLine } from './text-format.js';

/** The summary table printed at the end of a run. */
export const consoleReporter: Reporter = {
  name: 'console',
  render(result: RunResult): string {
    const rows = [['level', 'passed', 'failed', 'errored', 'skipped']];
    for (const level of ['must', 'should', 'observe'] as const) {
      const c = result.summary.byLevel[level];
      rows.push([level, String(c.passed), String(c.failed), String(c.errored), String(c.skipped)]);
    }
    const all = result.summary.byStatus;
    rows.push(['all', String(all.passed), String(all.failed), String(all.errored), String(all.skipped)]);
    const widths = (rows[0] as string[]).map((_, i) => Math.max(...rows.map((row) => (row[i] as string).length)));
    const table = rows.map((row) => row.map((value, i) => (i === 0 ? value.padEnd(widths[i] as number) : value.padStart(widths[i] as number))).join('  '));
    const lines = [''];
    for (const check of problems(result)) {
      lines.push(`${statusMark[check.status]} ${check.id} [${check.level}] ${check.requirements.join(',')}: ${check.reason ?? ''}`);
      if (check.reproduction) lines.push(`  reproduce: ${check.reproduction}`);
    }
    lines.push('', ...table, '');
    const { requirements } = result.summary;
    lines.push(`requirements covered: ${requirements.covered}/${requirements.total} (${requirements.percent}%)   seed: ${result.seed}   requests: ${result.requestsSent}${result.target.startupMs === undefined ? '' : `   target ready in: ${result.target.startupMs} ms`}`);
    const safety = safetySummary(result);
    if (safety) lines.push(safety);
    lines.push(verdictLine(result), '');
    return lines.join('\n');
  },
};
