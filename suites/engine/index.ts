/** suites/engine/: runs checks against a target and produces a RunResult (data, never printed here). */
export { deleteLeftoverWebhooks } from './cleanup.js';
export type { CleanupOptions } from './cleanup.js';
export { defaultMaxRequests, defaultTimeBudgetMinutes, fitCaseBudget } from './case-budget.js';
export type { CaseBudget, CaseBudgetOptions } from './case-budget.js';
export { receiverForTarget, receiverPortError, startHarnessReceiver } from './harness-receiver.js';
export { judgeKnownFailures } from './known-failures-verdict.js';
export { knownFailuresKey, parseKnownFailures } from './known-failures-file.js';
export type { KnownFailuresDocument } from './known-failures-file.js';
export { updateKnownFailures } from './known-failures-update.js';
export type { KnownFailuresUpdate } from './known-failures-update.js';
export { mergeShards } from './merge-shards.js';
export type { ShardEntry } from './merge-shards.js';
export { planContextFor, planRun, skipReason } from './plan.js';
export type { GivenPlan, PlanContext, PlannedCheck } from './plan.js';
export { formatPlanReport, planReport } from './plan-report.js';
export type { PlanLine, PlanReport, PlanReportOptions } from './plan-report.js';
export { checkStatuses } from '../../results/run-result.js';
export type {
  BaselineItem,
  CheckResult,
  CheckStatus,
  CheckTrace,
  CleanupReport,
  FailureRef,
  KnownFailure,
  KnownFailures,
  KnownFailuresOutcome,
  MatrixStatus,
  OperationRow,
  OperationState,
  RequirementChange,
  RequirementRow,
  RunChanges,
  RunExitCode,
  RunInterruption,
  RunReproduction,
  RunResult,
  RunSummary,
  RunVerdict,
  SendRecord,
  SendSummary,
  SetupProblem,
} from '../../results/run-result.js';
export { runChanges } from './run-changes.js';
export type { PreviousRun } from './run-changes.js';
export { runConformance } from './run-conformance.js';
export { costOf, estimateRun } from './run-estimate.js';
export type { RunEstimate } from './run-estimate.js';
export { runPool } from './run-pool.js';
export type { RunEvent } from './run-event.js';
export { runTuningKeys, runTuningOf } from './run-options.js';
export type { RunDescription, RunOptions, RunSafety, RunTuning } from './run-options.js';
export {
  clientRatePerMinute,
  defaultRuns,
  guardsRateLimit,
  guardsSends,
  isRemoteTarget,
  productionRatePerMinute,
  rateLimitCheckBound,
  sendPolicyFor,
} from './safety.js';
export { exitCodeFor, requirementsMatrix, summarize } from './summarize.js';
export { readShardFiles, writeShardFile } from './shard-files.js';
export { slicePlan } from './shard-plan.js';
export type { ShardSlice } from './shard-plan.js';
export { resultWithChecks, shardFormat } from './shard-result.js';
export type { ResultOverrides, ResultParts, ShardResult } from './shard-result.js';
export { harnessIdentity, runShard } from './shard-run.js';
export type { ShardRunOptions } from './shard-run.js';
export { parseShard, shardFileName, shardFilePattern } from './shard-spec.js';
export type { Shard } from './shard-spec.js';
export { unreachable } from './reachability.js';
