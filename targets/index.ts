/**
 * targets/: what the harness talks to. A Target (reference in-process, or a URL) with a Profile,
 * and the one HTTP client that applies timeouts, auth by key role, budgets and rate limiting
 * and records every exchange redacted.
 */
export type { Exchange, ExchangeError, ExchangeRequest } from './exchange.js';
export { containerTarget, dockerEngineProblem } from './container/index.js';
export type { ContainerNetworkMode, ContainerTarget, ContainerTargetOptions } from './container/index.js';
export { HarnessError, harnessErrorCodes, isHarnessError } from './harness-error.js';
export type { HarnessErrorCode } from './harness-error.js';
export { harnessErrorFixes } from './harness-error-fixes.js';
export type { HarnessErrorFix } from './harness-error-fixes.js';
export { HttpClient } from './http-client.js';
export { Patience } from './patience.js';
export type { PatienceMark } from './patience.js';
export { describePace, owedWait, patienceRule, stretchOf, wasQuiet } from './slowness.js';
export type { PaceFigures } from './slowness.js';
export { redactExchange } from './redact-exchange.js';
export type { HttpClientOptions, RequestOptions } from './http-client.js';
export type { ExchangeListener } from './pipeline/recording-step.js';
export { joinUrl, randomKey, receiverPublicOrigin, simulatorStarterKey } from './keys.js';
export { isLoopbackUrl } from './loopback.js';
export { profileFor, profileNames } from './profile.js';
export type { Profile, ProfileName } from './profile.js';
export { onAbort } from './on-abort.js';
export { startedByNpm, stopExitCodes, stopOnSignal } from './stop-on-signal.js';
export type { SignalStop, StopOnSignalOptions, StopSignal } from './stop-on-signal.js';
export { RateLimiter, sleep } from './rate-limiter.js';
export { WindowLimiter } from './window-limiter.js';
export { redactedMarker, Redactor, secretHeaderNames } from './redact.js';
export { boundValue, cutText, escapeControls, jsonDepth, maxJsonDepth, maxValueChars, sanitizeText } from './sanitize.js';
export { referenceFaults, referenceTarget, simulatorWebhookPath } from './reference.js';
export type { ReferenceFault, ReferenceTargetOptions } from './reference.js';
export { defaultMaxSends, SendGuard, sendOperation, sendRefusalCodes } from './send-guard.js';
export { phoneDigits, recipientNumbers } from './send-recipient.js';
export type { AdmittedSend, SendPolicy } from './send-guard.js';
export type { SendRecord, SendSummary } from './send-ledger.js';
export type { KeyRole, Target, TargetDescription, TargetKeys, TargetStartContext } from './target.js';
export { keyEnvNames, toCurl } from './to-curl.js';
export { MissingKeyError, parseBaseUrl, urlTarget } from './url-target.js';
export {
  conventionSettingNames,
  defaultSignature,
  defaultSignatureHeader,
  fixtureTemplate,
  howToSet,
  missingConvention,
  referenceConventions,
  signatureSchemeNames,
  urlTargetConventions,
  withConventions,
} from './target-conventions.js';
export type {
  ConventionName,
  ConventionSettings,
  SignatureConvention,
  SignatureSchemeName,
  TargetConventions,
  TemplateCatalogue,
  TemplateConvention,
} from './target-conventions.js';
export { parseTemplateCatalogue, tokenPlaceholder } from './template-catalogue.js';
export { describeInboundTrigger, parseInboundTrigger, sendInboundTrigger } from './inbound-trigger.js';
export type { InboundText, InboundTrigger, TriggerAnswer } from './inbound-trigger.js';
export { dialectEntries, fieldNames, fromTargetAnswer, fromTargetPayload, parseDialect, toTargetRequest } from './dialect.js';
export type { Dialect } from './dialect.js';
export { WebhookTracker } from './webhook-tracker.js';
export type { TrackedWebhook } from './webhook-tracker.js';
export type { ConfiguredKeys, UrlTargetOptions } from './url-target.js';
export { noAnswerAt } from './origin-answers.js';
