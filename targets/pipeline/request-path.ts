import type { Redactor } from '../redact.js';
import { SendGuard } from '../send-guard.js';
import type { SendPolicy } from '../send-guard.js';
import type { Transport } from '../transport.js';
import { WebhookTracker } from '../webhook-tracker.js';
import { BudgetStep } from './budget-step.js';
import { DialectStep } from './dialect-step.js';
import type { DialectRouting } from './dialect-step.js';
import { LearnSecretsStep } from './learn-secrets-step.js';
import { RecordingStep } from './recording-step.js';
import type { ExchangeListener } from './recording-step.js';
import { RequestPipeline } from './request-pipeline.js';
import type { RequestStep } from './request-step.js';
import { SendGuardStep } from './send-guard-step.js';
import { sendOnWire } from './send-on-wire.js';
import { ThrottleStep } from './throttle-step.js';
import { WebhookTrackingStep } from './webhook-tracking-step.js';

/** What the run's request path is built from (HttpClientOptions, resolved). */
export interface RequestPathOptions {
  readonly transport: Transport;
  readonly redactor: Redactor;
  readonly timeoutMs: number;
  readonly ratePerMinute: number | null;
  readonly rateWindowMs: number;
  readonly maxRequests: number | null;
  readonly maxRateLimitRequests: number | null;
  readonly recordLimit: number;
  readonly sendPolicy: SendPolicy;
  /** Hears of every exchange (the run's history). */
  readonly onExchange?: ExchangeListener;
  /** The target's dialect (DESIGN.md §3 "Dialects"), when it names things its own way. */
  readonly dialect?: DialectRouting;
}

/** The run's request path, and the state the client shows of it. */
export interface RequestPath {
  readonly pipeline: RequestPipeline;
  readonly budget: BudgetStep;
  readonly sends: SendGuard;
  readonly webhooks: WebhookTracker;
}

/**
 * The steps every request of the run goes through, outermost first: checks and admissions run in this order,
 * the work after the answer in the reverse one (the dialect reads the answer back in the spec's names, then learn
 * secrets, track webhooks, ledger, and record the redacted copy of what went on the wire).
 * The throttle is innermost, so a request waits only once it is admitted and counted, and its wait is recorded too.
 */
export function requestPath(options: RequestPathOptions): RequestPath {
  const throttled = options.ratePerMinute !== null;
  const budget = new BudgetStep({
    maxRequests: options.maxRequests,
    // only a throttled run lets the rate-limit key through unthrottled, so only there is it bounded apart
    maxRateLimitKeyRequests: throttled ? options.maxRateLimitRequests : null,
  });
  const sends = new SendGuard(options.sendPolicy);
  const webhooks = new WebhookTracker();
  const steps: RequestStep[] = [
    budget,
    new RecordingStep(options.redactor, options.recordLimit, options.onExchange),
    new SendGuardStep(sends),
    new WebhookTrackingStep(webhooks),
    new LearnSecretsStep(options.redactor),
    ...(options.dialect === undefined ? [] : [new DialectStep(options.dialect)]),
    ...(options.ratePerMinute === null ? [] : [new ThrottleStep(options.ratePerMinute, options.rateWindowMs, options.redactor)]),
  ];
  return { pipeline: new RequestPipeline(steps, sendOnWire(options.transport, options.timeoutMs)), budget, sends, webhooks };
}
