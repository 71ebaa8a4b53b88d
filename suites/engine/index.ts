/** suites/engine/: runs checks against a target and produces a RunResult (data, never printed here). */
export { deleteLeftoverWebhooks, watchTermination } from './cleanup.js';
export type { CleanupOptions } from './cleanup.js';
export { planRun, skipReason } from './plan.js';
export type { PlanContext, PlannedCheck } from './plan.js';
export { formatPlanReport, planReport } from './plan-report.js';
export type { PlanLine, PlanReport, PlanReportOptions } from './plan-report.js';
export { checkStatuses } from './result.js';
export type { CheckResult, CheckStatus, CheckTrace, CleanupReport, RequirementRow, ResultLevel, RunResult, RunSummary, SendRecord, SendSummary, SetupProblem } from './result.js';
export { runConformance } from './run-conformance.js';
export { runPool } from './run-pool.js';
export type { RunEvent } from './run-event.js';
export type { RunOptions } from './run-options.js';
export { clientRatePerMinute, defaultRuns, guardsRateLimit, guardsSends, isRemoteTarget, productionRatePerMinute, rateLimitCheckBound, sendPolicyFor } from './safety.js';
export { exitCodeFor, requirementsMatrix, summarize } from './summarize.js';
