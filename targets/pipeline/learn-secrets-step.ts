import type { Exchange } from '../exchange.js';
import type { Redactor } from '../redact.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** Teaches the run's redactor the signing secrets an answer carries (spec §2.3), before any step records it. */
export class LearnSecretsStep implements RequestStep {
  constructor(private readonly redactor: Redactor) {}

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    const exchange = await next(call);
    if (exchange.json !== undefined) this.redactor.learnFrom(exchange.json);
    return exchange;
  }
}
