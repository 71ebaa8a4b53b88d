import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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

/** Writes parity.md, parity.json and parity.html (or the named ones) into outDir; returns the paths. */
export async function writeParityReports(
  result: ParityResult,
  options: { readonly outDir?: string; readonly formats?: readonly string[]; readonly redact?: (text: string) => string } = {},
): Promise<string[]> {
  const outDir = resolve(options.outDir ?? 'conformance-report');
  const redact = options.redact ?? ((text: string) => text);
  await mkdir(outDir, { recursive: true });
  const files: string[] = [];
  for (const name of options.formats ?? Object.keys(parityReporters)) {
    const reporter = parityReporters[name];
    if (!reporter) throw new HarnessError('UNKNOWN_REPORTER', `Unknown parity report format "${name}": use ${Object.keys(parityReporters).join(', ')}.`);
    const path = join(outDir, reporter.file);
    await writeFile(path, redact(reporter.render(result)), 'utf8');
    files.push(path);
  }
  return files;
}
