import type { Exchange } from '../exchange.js';
import type { Redactor } from '../redact.js';
import { redactExchange } from '../redact-exchange.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** Keeps a redacted copy of every exchange in its scope's record, the latest `limit` only (the oldest are dropped). */
export class RecordingStep implements RequestStep {
  constructor(
    private readonly redactor: Redactor,
    private readonly limit: number,
  ) {}

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    const exchange = await next(call);
    const record = call.scope.exchanges;
    record.push(redactExchange(exchange, this.redactor));
    if (record.length > this.limit) record.shift();
    return exchange;
  }
}
