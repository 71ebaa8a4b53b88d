/** suites/engine/: runs checks against a target and produces a RunResult (data, never printed here). */
export { planRun, skipReason } from './plan.js';
export type { PlanContext, PlannedCheck } from './plan.js';
export { checkStatuses } from './result.js';
export type { CheckResult, CheckStatus, RequirementRow, ResultLevel, RunResult, RunSummary, SetupProblem } from './result.js';
export { runConformance } from './run-conformance.js';
export { runPool } from './run-pool.js';
export type { RunEvent } from './run-event.js';
export type { RunOptions } from './run-options.js';
export { exitCodeFor, requirementsMatrix, summarize } from './summarize.js';
