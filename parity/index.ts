/**
 * parity/: runs the same checks with the same seed against two targets and compares them behaviour by behaviour
 * (issue 9). Imports suites/, targets/, receiver/, spec/ and the reports' helpers; only cli/ imports it.
 */
export { compareRuns } from './compare-runs.js';
export type { CompareRunsOptions, ParitySideRun } from './compare-options.js';
export type { BehaviourKind, BrokenRequirement, OperationCause, ParityResult, ParityRow, ParitySide, RowSpec, SpecVerdict } from './parity-result.js';
export { rerunCommand, shellWord, sideCommand } from './reproduce-command.js';
export type { SideCommand } from './reproduce-command.js';
export { defaultParityRules, loadParityRules, parityRules } from './parity-rules.js';
export type { ParityRules, SimulatorCategory, SimulatorExpectation } from './parity-rules.js';
export { parityHeadline, specVerdictText } from './parity-text.js';
export { parityHtml } from './parity-html.js';
export { parityMarkdown } from './parity-markdown.js';
export { runParity } from './run-parity.js';
export type { ParityOptions, ParityTarget } from './run-parity.js';
export { parityReporters, writeParityReports } from './write-parity-reports.js';
