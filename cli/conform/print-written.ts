import type { WrittenReports } from '../../reports/index.js';
import { verdictLine } from '../../reports/text-format.js';
import type { RunResult } from '../../results/run-result.js';
import type { ProgressStream } from './progress.js';

/**
 * What a run or a merge prints after writing its reports: the console report, or the verdict line when the console
 * report was not asked for (it is printed either way: issue 25), then the file each report went to.
 */
export function printWritten(result: RunResult, written: WrittenReports, stdout: ProgressStream, redact: (text: string) => string): void {
  stdout.write(written.console ?? `${redact(verdictLine(result))}\n`);
  for (const file of written.files) stdout.write(`report: ${file}\n`);
}
