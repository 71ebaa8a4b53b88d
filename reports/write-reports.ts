import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunResult } from '../suites/engine/result.js';
import { markdownReporter } from './markdown-reporter.js';
import { defaultReporterNames, reporterFor } from './reporters.js';

/** Options of writeReports. */
export interface WriteReportsOptions {
  /** Directory for the files (default conformance-report). */
  readonly outDir?: string;
  /** Reporter names (default junit, json, markdown, html, console). */
  readonly reporters?: readonly string[];
  /** Scrubs the run's secrets from every output (DESIGN.md §5); identity when omitted. */
  readonly redact?: (text: string) => string;
  /** A file the Markdown summary is appended to (the CLI passes $GITHUB_STEP_SUMMARY), whatever the reporters. */
  readonly stepSummary?: string;
}

/** What writeReports produced: file paths, and the stdout reporters' text in order (not written, for the caller to print). */
export interface WrittenReports {
  readonly files: readonly string[];
  readonly console?: string;
}

/** Renders the chosen reporters, redacts their output and writes the file reports into outDir. */
export async function writeReports(result: RunResult, options: WriteReportsOptions = {}): Promise<WrittenReports> {
  const names = options.reporters ?? defaultReporterNames;
  const redact = options.redact ?? ((text: string) => text);
  const chosen = names.map(reporterFor);
  const outDir = resolve(options.outDir ?? 'conformance-report');
  const files: string[] = [];
  let consoleText: string | undefined;
  let markdown: string | undefined;
  for (const reporter of chosen) {
    const text = redact(reporter.render(result));
    if (reporter === markdownReporter) markdown = text;
    if (reporter.file === undefined) {
      consoleText = (consoleText ?? '') + text;
      continue;
    }
    await mkdir(outDir, { recursive: true });
    const path = join(outDir, reporter.file);
    await writeFile(path, text, 'utf8');
    files.push(path);
  }
  // GitHub Actions shows what is appended to $GITHUB_STEP_SUMMARY on the run's summary page
  if (options.stepSummary) await appendFile(options.stepSummary, markdown ?? redact(markdownReporter.render(result)), 'utf8');
  return { files, ...(consoleText === undefined ? {} : { console: consoleText }) };
}
