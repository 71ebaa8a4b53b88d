import type { WrittenReports } from '../../reports/index.js';
import { gateLines } from '../../reports/gate-sections.js';
import { verdictLine } from '../../reports/text-format.js';
import type { RunResult } from '../../results/run-result.js';
import type { ProgressStream } from './progress.js';

/**
 * What a run or a merge prints after writing its reports: the console report, or the verdict line when the console
 * report was not asked for (it is printed either way: issue 25; with the baseline's verdict and what changed since
 * --compare-run's run), then the file each report went to.
 */
export function printWritten(result: RunResult, written: WrittenReports, stdout: ProgressStream, redact: (text: string) => string): void {
  stdout.write(written.console ?? redact([verdictLine(result), ...gateLines(result)].map((line) => `${line}\n`).join('')));
  for (const file of written.files) stdout.write(`report: ${file}\n`);
}
