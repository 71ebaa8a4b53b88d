import { Pool } from 'undici';
import type { Exchange } from '../../../targets/exchange.js';
import { RequestPipeline } from '../../../targets/pipeline/request-pipeline.js';
import type { RequestScope, RequestStep } from '../../../targets/pipeline/request-step.js';
import { sendOnWire } from '../../../targets/pipeline/send-on-wire.js';
import { Redactor } from '../../../targets/redact.js';
import type { RequestOptions } from '../../../targets/request-options.js';
import { WaitClock } from '../../../targets/wait-clock.js';

/** A request path of only the given steps, over the real transport to a loopback server: a step tested alone. */
export interface StepRunner {
  send(options: RequestOptions, scope?: RequestScope): Promise<Exchange>;
  close(): Promise<void>;
}

/** A fresh scope (what HttpClient.scope() makes). */
export function newScope(label?: string): RequestScope {
  return { ...(label === undefined ? {} : { label }), waits: new WaitClock(), exchanges: [], count: 0 };
}

/** Runs requests through `steps` then the transport to `baseUrl` (keys are not this runner's concern: none is sent). */
export function stepRunner(baseUrl: string, steps: readonly RequestStep[], options: { timeoutMs?: number; redactor?: Redactor } = {}): StepRunner {
  const origin = new URL(baseUrl).origin;
  const pool = new Pool(origin);
  const redactor = options.redactor ?? new Redactor();
  const pipeline = new RequestPipeline(steps, sendOnWire({ pool, maxBodyBytes: 1024 * 1024, redactor }, options.timeoutMs ?? 5_000));
  const shared = newScope();
  return {
    send(request, scope = shared) {
      const method = (request.method ?? 'GET').toUpperCase();
      const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...definedHeaders(request),
      };
      const record = { method, url: `${origin}${request.path}`, headers, keyRole: request.key ?? 'growth', ...(body === undefined ? {} : { body }) };
      const prepared = { record, path: request.path, headers, ...(body === undefined ? {} : { body }) };
      return pipeline.run({ id: 0, options: request, prepared, signal: request.signal, scope });
    },
    close: () => pool.close(),
  };
}

function definedHeaders(request: RequestOptions): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
