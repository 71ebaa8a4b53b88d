/**
 * The programmatic entry of the harness (package export "."): run the conformance suites against a target and get the
 * results as data, write the reports, shard a run and merge the slices. TypeScript sources: load them with tsx
 * (`node --import tsx`), as the sms-conform command does.
 */
export { runCli } from './cli/conform/run-cli.js';
export type { CliIo } from './cli/conform/run-cli.js';
export {
  defaultReporterNames,
  githubActionsReporter,
  htmlReporter,
  jsonReporter,
  junitReporter,
  markdownReporter,
  consoleReporter,
  reporterFor,
  reporterNames,
  reporters,
  writeReports,
} from './reports/index.js';
export type { Reporter, WriteReportsOptions, WrittenReports } from './reports/index.js';
export { CheckRegistry, defineCheck } from './suites/checks/index.js';
export type { Check, CheckContext, Selection } from './suites/checks/index.js';
export {
  exitCodeFor,
  judgeKnownFailures,
  mergeShards,
  parseKnownFailures,
  parseShard,
  readShardFiles,
  runChanges,
  runConformance,
  runShard,
  shardFileName,
  updateKnownFailures,
  writeShardFile,
} from './suites/engine/index.js';
export type {
  CheckResult,
  CheckStatus,
  KnownFailure,
  KnownFailures,
  KnownFailuresOutcome,
  RunChanges,
  RequirementRow,
  RunEvent,
  RunDescription,
  RunOptions,
  RunSafety,
  RunTuning,
  RunResult,
  RunSummary,
  Shard,
  ShardEntry,
  ShardResult,
  ShardRunOptions,
} from './suites/engine/index.js';
export { loadRegistry, suiteModules } from './suites/index.js';
export {
  containerTarget,
  HarnessError,
  isHarnessError,
  profileFor,
  profileNames,
  Redactor,
  referenceFaults,
  referenceTarget,
  urlTarget,
} from './targets/index.js';
export type { ContainerTargetOptions, HarnessErrorCode, Profile, ProfileName, ReferenceTargetOptions, Target, UrlTargetOptions } from './targets/index.js';
