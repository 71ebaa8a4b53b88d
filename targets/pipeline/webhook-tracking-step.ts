import type { Exchange } from '../exchange.js';
import type { WebhookTracker } from '../webhook-tracker.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** Shows every answer to the run's webhook tracker, so the webhooks the run created are deleted at its end. */
export class WebhookTrackingStep implements RequestStep {
  constructor(private readonly tracker: WebhookTracker) {}

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    const exchange = await next(call);
    const { method, keyRole } = call.prepared.record;
    this.tracker.observe(method, call.options.path, keyRole, exchange.status, exchange.json);
    return exchange;
  }
}
