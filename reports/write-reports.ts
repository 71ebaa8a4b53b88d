import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunResult } from '../results/run-result.js';
import { markdownReporter } from './markdown-reporter.js';
import { defaultReportFolder, publishReportFolder } from './report-folder.js';
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
  /** More files of the same run, by name (e.g. a proxy session's traffic.json): written into the folder with the reports. */
  readonly extraFiles?: Readonly<Record<string, string>>;
}

/** What writeReports produced: file paths, and the stdout reporters' text in order (not written, for the caller to print). */
export interface WrittenReports {
  readonly files: readonly string[];
  readonly console?: string;
}

/**
 * Renders the chosen reporters, redacts their output and writes the file reports into outDir: into a folder beside
 * it first, moved into place whole (reports/report-folder.ts), so outDir never mixes two runs.
 */
export async function writeReports(result: RunResult, options: WriteReportsOptions = {}): Promise<WrittenReports> {
  const names = options.reporters ?? defaultReporterNames;
  const redact = options.redact ?? ((text: string) => text);
  const chosen = names.map(reporterFor);
  const rendered = new Map<string, string>();
  let consoleText: string | undefined;
  let markdown: string | undefined;
  for (const reporter of chosen) {
    const text = redact(reporter.render(result));
    if (reporter === markdownReporter) markdown = text;
    if (reporter.file === undefined) consoleText = (consoleText ?? '') + text;
    else rendered.set(reporter.file, text);
  }
  for (const [name, text] of Object.entries(options.extraFiles ?? {})) rendered.set(name, redact(text));
  const files =
    rendered.size === 0
      ? []
      : await publishReportFolder(options.outDir ?? defaultReportFolder, async (dir) => {
          await Promise.all([...rendered].map(([name, text]) => writeFile(join(dir, name), text, 'utf8')));
          return [...rendered.keys()];
        });
  // GitHub Actions shows what is appended to $GITHUB_STEP_SUMMARY on the run's summary page
  if (options.stepSummary) await appendFile(options.stepSummary, markdown ?? redact(markdownReporter.render(result)), 'utf8');
  return { files, ...(consoleText === undefined ? {} : { console: consoleText }) };
}
