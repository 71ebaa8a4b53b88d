import { fromTargetAnswer, toTargetRequest } from '../dialect.js';
import type { Dialect } from '../dialect.js';
import type { Exchange } from '../exchange.js';
import type { RequestOptions } from '../request-options.js';
import type { Prepared } from '../transport.js';
import type { Next, RequestCall, RequestStep } from './request-step.js';

/** What the dialect step needs from the run: the dialect, how a request's operation is found, how a request is built. */
export interface DialectRouting {
  readonly dialect: Dialect;
  /** The contract operation a request addresses (method + URL), or undefined. */
  readonly operationOf: (method: string, url: string) => string | undefined;
  /** The wire and recorded form of request options (the client's own). */
  readonly prepare: (options: RequestOptions) => Prepared;
}

/**
 * Sends each request in the target's names and hands its answer back in the spec's (DESIGN.md §3 "Dialects"), so the
 * checks test what lies behind a naming gap. What is recorded is what went on the wire (a reproduction sends the
 * target's names); the body text stays the target's, the parsed body is the spec's. A request with `dialect: false`
 * (the DIALECT checks, which show the gap itself) goes as given.
 */
export class DialectStep implements RequestStep {
  constructor(private readonly routing: DialectRouting) {}

  async handle(call: RequestCall, next: Next): Promise<Exchange> {
    if (call.options.dialect === false) return next(call);
    const operationId = this.routing.operationOf(call.prepared.record.method, call.prepared.record.url);
    if (operationId === undefined) return next(call);
    const options = toTargetRequest(this.routing.dialect, operationId, call.options);
    const sent = options === call.options ? call : { ...call, options, prepared: this.routing.prepare(options) };
    const exchange = await next(sent);
    if (exchange.json === undefined) return exchange;
    const json = fromTargetAnswer(this.routing.dialect, operationId, exchange.json);
    return json === exchange.json ? exchange : { ...exchange, json };
  }
}
