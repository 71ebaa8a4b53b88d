import type { Exchange } from '../exchange.js';
import type { Redactor } from '../redact.js';
import { redactExchange } from '../redact-exchange.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** Who hears of every exchange of the run: the exchange as it came, its redacted copy, and the scope's label (a check id). */
export type ExchangeListener = (exchange: Exchange, recorded: Exchange, label: string | undefined) => void;

/**
 * Keeps a redacted copy of every exchange in its scope's record, the latest `limit` only (the oldest are dropped), and
 * hands both forms to the run's listener (the run's history, suites/engine/run-history.ts).
 */
export class RecordingStep implements RequestStep {
  constructor(
    private readonly redactor: Redactor,
    private readonly limit: number,
    private readonly listener?: ExchangeListener,
  ) {}

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    const exchange = await next(call);
    const record = call.scope.exchanges;
    const recorded = redactExchange(exchange, this.redactor);
    record.push(recorded);
    if (record.length > this.limit) record.shift();
    this.listener?.(exchange, recorded, call.scope.label);
    return exchange;
  }
}
