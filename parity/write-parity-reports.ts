import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultReportFolder, publishReportFolder } from '../reports/report-folder.js';
import { parityHtml } from './parity-html.js';
import { HarnessError } from '../targets/index.js';
import type { ParityResult } from './parity-result.js';
import { parityMarkdown } from './parity-markdown.js';

/** The parity report formats by name and the file each goes to. */
export const parityReporters: Readonly<Record<string, { file: string; render(result: ParityResult): string }>> = {
  markdown: { file: 'parity.md', render: parityMarkdown },
  json: { file: 'parity.json', render: (result) => `${JSON.stringify(result, null, 2)}\n` },
  html: { file: 'parity.html', render: parityHtml },
};

/** Writes parity.md, parity.json and parity.html (or the named ones) into outDir, moved into place whole (reports/report-folder.ts); returns the paths. */
export async function writeParityReports(
  result: ParityResult,
  options: { readonly outDir?: string; readonly formats?: readonly string[]; readonly redact?: (text: string) => string } = {},
): Promise<string[]> {
  const redact = options.redact ?? ((text: string) => text);
  const chosen = (options.formats ?? Object.keys(parityReporters)).map((name) => {
    const reporter = parityReporters[name];
    if (!reporter) throw new HarnessError('UNKNOWN_REPORTER', `Unknown parity report format "${name}": use ${Object.keys(parityReporters).join(', ')}.`);
    return reporter;
  });
  return publishReportFolder(options.outDir ?? defaultReportFolder, async (dir) => {
    for (const reporter of chosen) await writeFile(join(dir, reporter.file), redact(reporter.render(result)), 'utf8');
    return chosen.map((reporter) => reporter.file);
  });
}
