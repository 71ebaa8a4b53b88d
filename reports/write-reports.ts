import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunResult } from '../suites/engine/result.js';
import { reporterFor } from './reporters.js';

/** Options of writeReports. */
export interface WriteReportsOptions {
  /** Directory for the files (default conformance-report). */
  readonly outDir?: string;
  /** Reporter names (default junit, json, markdown, html, console). */
  readonly reporters?: readonly string[];
  /** Scrubs the run's secrets from every output (DESIGN.md §5); identity when omitted. */
  readonly redact?: (text: string) => string;
}

/** What writeReports produced: file paths, and the console text (not written, for the caller to print). */
export interface WrittenReports {
  readonly files: readonly string[];
  readonly console?: string;
}

/** Renders the chosen reporters, redacts their output and writes the file reports into outDir. */
export async function writeReports(result: RunResult, options: WriteReportsOptions = {}): Promise<WrittenReports> {
  const names = options.reporters ?? ['junit', 'json', 'markdown', 'html', 'console'];
  const redact = options.redact ?? ((text: string) => text);
  const chosen = names.map(reporterFor);
  const outDir = resolve(options.outDir ?? 'conformance-report');
  const files: string[] = [];
  let consoleText: string | undefined;
  for (const reporter of chosen) {
    const text = redact(reporter.render(result));
    if (reporter.file === undefined) {
      consoleText = text;
      continue;
    }
    await mkdir(outDir, { recursive: true });
    const path = join(outDir, reporter.file);
    await writeFile(path, text, 'utf8');
    files.push(path);
  }
  return { files, ...(consoleText === undefined ? {} : { console: consoleText }) };
}
