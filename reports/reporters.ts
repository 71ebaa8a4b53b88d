import { consoleReporter } from './console-reporter.js';
import { ctrfReporter } from './ctrf-reporter.js';
import { githubActionsReporter } from './github-actions-reporter.js';
import { harReporter } from './har-reporter.js';
import { htmlReporter } from './html-reporter.js';
import { jsonReporter } from './json-reporter.js';
import { junitReporter } from './junit-reporter.js';
import { markdownReporter } from './markdown-reporter.js';
import type { Reporter } from './reporter.js';

/** The reporters by CLI name (--reporter). */
export const reporters: Readonly<Record<string, Reporter>> = {
  junit: junitReporter,
  json: jsonReporter,
  markdown: markdownReporter,
  html: htmlReporter,
  console: consoleReporter,
  'github-actions': githubActionsReporter,
  har: harReporter,
  ctrf: ctrfReporter,
};

/** The reporter names. */
export const reporterNames: readonly string[] = Object.keys(reporters);

/** The reporters of a run without --reporter: the four files and the console summary (CI annotations are opt-in). */
export const defaultReporterNames: readonly string[] = ['junit', 'json', 'markdown', 'html', 'console'];

/** The reporter of a CLI name; throws a RangeError listing the names (the CLI validates names first). */
export function reporterFor(name: string): Reporter {
  const reporter = Object.hasOwn(reporters, name) ? reporters[name] : undefined;
  if (!reporter) throw new RangeError(`Unknown reporter "${name}": use ${reporterNames.join(', ')} (--reporter).`);
  return reporter;
}
