/** selftest/: the harness proves itself against the reference and its named faults (issue 6). */
export { judgeFault, missed } from './fault-outcome.js';
export type { FaultOutcome } from './fault-outcome.js';
export { mustCoverage, mutationJson, mutationMarkdown } from './mutation-report.js';
export type { MustCoverage } from './mutation-report.js';
export { runSelftest, selftestDefaults } from './run-selftest.js';
export type { SelftestOptions, SelftestResult } from './run-selftest.js';
export { flakeCheck, flakeDefaults, flakeMarkdown } from './flake-check.js';
export type { FlakeOptions, FlakeReport, Instability } from './flake-check.js';
