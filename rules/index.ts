// The public entry of rules/: what is judged. Graders are pure functions of one exchange or delivery returning
// findings; the suites (through ctx) and the passive proxy (through its tally) use the same ones (ARCHITECTURE.md).
export { readAnswer, isJsonType } from './answer-body.js';
export type { AnswerBody } from './answer-body.js';
export { gradeAssumedShape, gradeError, gradeMustShape, gradeSecrets, gradeSuccess, gradeSuccessStatus } from './answer-grading.js';
export type { AnswerView } from './answer-grading.js';
export {
  assumedRequirements,
  issueLevel,
  levelOf,
  operationRequirements,
  shapeRequirements,
  successResponse,
  successStatusRequirement,
} from './contract-picks.js';
export type { OperationRequirements } from './contract-picks.js';
export { gradeDelivery } from './delivery-grading.js';
export type { DeliveryVerification, ReceivedDelivery } from './delivery-grading.js';
export { fail, failures, pass, refusal, verdict } from './finding.js';
export type { FailFinding, Finding } from './finding.js';
export { gradePagination } from './pagination-grading.js';
export { gradeRefusal, isInvalid } from './refusal-grading.js';
export { fromWire, locations, partIssues } from './request-parts.js';
export type { Location } from './request-parts.js';
export { readRequest } from './request-reading.js';
export type { RequestIssue, RequestReading, WireRequest } from './request-reading.js';
export { describeIssue, issueRequirement } from './schema-findings.js';
export { assumedSections, citedRequirements, isAssumedAt, walkSites } from './schema-sites.js';
export type { SchemaNode, SchemaSite } from './schema-sites.js';
export { anyConstruction, hasSignatureLikeHeader } from './signature-constructions.js';
export type { AnyConstructionMatch, SignedDelivery } from './signature-constructions.js';
export { matchOperation } from './operation-matcher.js';
export type { MatchedOperation } from './operation-matcher.js';
export { historyOf } from './history/history.js';
export type { CallEntry, CallRecord, DeliveryEntry, DeliveryRecord, History, HistoryEntry } from './history/history.js';
export { JudgementBuilder, judgementFor } from './history/judgement.js';
export type { Contradiction, Judgement } from './history/judgement.js';
export { describeEntry, describeSeq } from './history/describe-entry.js';
export { historyRule, historyRules, judgeHistory } from './history-rules/index.js';
export type { HistoryRule } from './history-rules/index.js';
export { recordingMarginMs, sweepPages } from './history-rules/delivery-records.js';
export { stampSlackMs } from './history-rules/record-stamps.js';
export { sameEvents } from './model/json-fields.js';
export { modelOf } from './model/service-model.js';
export type { ServiceModel } from './model/service-model.js';
