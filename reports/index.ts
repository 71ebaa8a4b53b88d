/** reports/: writers that read a RunResult (results/run-result.ts) and nothing else of the harness. */
export { consoleReporter } from './console-reporter.js';
export { githubActionsReporter } from './github-actions-reporter.js';
export { htmlReporter } from './html-reporter.js';
export { jsonReporter } from './json-reporter.js';
export { junitReporter } from './junit-reporter.js';
export { markdownByteLimit, markdownReporter } from './markdown-reporter.js';
export type { Reporter } from './reporter.js';
export { defaultReporterNames, reporterFor, reporterNames, reporters } from './reporters.js';
export { cut, escapeXml, jsonText, visible } from './safe-text.js';
export { writeReports } from './write-reports.js';
export type { WriteReportsOptions, WrittenReports } from './write-reports.js';
