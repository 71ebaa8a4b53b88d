import type { Exchange, ExchangeRequest } from './exchange.js';
import { HarnessError } from './harness-error.js';
import { loadPool } from './load-undici.js';
import { OriginPool } from './origin-pool.js';
import { requestPath } from './pipeline/request-path.js';
import type { RequestPath } from './pipeline/request-path.js';
import type { ExchangeListener } from './pipeline/recording-step.js';
import type { RequestScope } from './pipeline/request-step.js';
import { redactedMarker, Redactor } from './redact.js';
import { requestLinePath } from './request-line.js';
import type { RequestOptions } from './request-options.js';
import type { Dialect } from './dialect.js';
import type { SendPolicy } from './send-guard.js';
import type { SendSummary } from './send-ledger.js';
import type { KeyRole, TargetKeys } from './target.js';
import type { Prepared } from './transport.js';
import { WaitClock } from './wait-clock.js';
import type { TrackedWebhook } from './webhook-tracker.js';

export type { RequestOptions } from './request-options.js';
export { redactExchange } from './redact-exchange.js';

/** Options of the client. */
export interface HttpClientOptions {
  baseUrl: string;
  keys: TargetKeys;
  /** Per-request timeout covering headers and body (default 10 s). */
  timeoutMs?: number;
  /** Response bodies larger than this abort the request with BODY_TOO_LARGE (default 1 MiB). */
  maxBodyBytes?: number;
  connections?: number;
  /** Client-side limit per key role except rateLimit (production profile: 100/min, spec §8); null = none. */
  ratePerMinute?: number | null;
  /** The window ratePerMinute counts in (default 60 s; a test may shorten it). */
  rateWindowMs?: number;
  /** Most requests this run may send; one more is a HarnessError (BUDGET_EXCEEDED). */
  maxRequests?: number | null;
  /** How many redacted exchanges are kept per scope (the oldest are dropped). */
  recordLimit?: number;
  redactor?: Redactor;
  /** Which sends are allowed (DESIGN.md §5); default: unguarded. */
  sendPolicy?: SendPolicy;
  /** Most unthrottled rateLimit-key requests per run (the opt-in rate-limit check is bounded); null = no bound. */
  maxRateLimitRequests?: number | null;
  /** Hears of every exchange of the run, as it came and redacted, with its scope's label (the run's history). */
  onExchange?: ExchangeListener;
  /** The target's dialect and how a request's operation is found (DESIGN.md §3 "Dialects"). */
  dialect?: { readonly dialect: Dialect; readonly operationOf: (method: string, url: string) => string | undefined };
}

/** Where a client's requests go and with which keys: what building one needs. */
interface Destination {
  readonly options: { readonly keys: TargetKeys };
  readonly origin: string;
  readonly basePath: string;
}

/** What every scope of one client shares: where requests go, the keys, the pool and the request path. */
interface Core extends Destination {
  readonly pool: OriginPool;
  readonly redactor: Redactor;
  readonly path: RequestPath;
}

/**
 * The one HTTP path of the harness (DESIGN.md §3): builds each request (auth by key role) and runs it through the
 * run's request steps (targets/pipeline/: budget, send guard and ledger, recording, webhook tracking, secrets,
 * dialect, throttle) to the transport (timeouts). A scope is a view with its own signal, label, record and counts.
 */
export class HttpClient {
  private readonly own: RequestScope;

  private constructor(
    private readonly core: Core,
    private readonly scopeSignal?: AbortSignal,
    /** Who sends through this scope (a check id), for the send ledger. */
    readonly label?: string,
  ) {
    this.own = { ...(label === undefined ? {} : { label }), waits: new WaitClock(), exchanges: [], count: 0 };
  }

  /** A client for a target's base URL and keys. */
  static create(options: HttpClientOptions): HttpClient {
    const url = new URL(options.baseUrl);
    const redactor = options.redactor ?? new Redactor();
    for (const role of ['growth', 'starter', 'rateLimit', 'secondGrowth'] as const) redactor.addSecret(options.keys[role]);
    const pool = new OriginPool(url.origin, { connections: options.connections ?? 8, keepAliveTimeout: 10_000 });
    const destination: Destination = { options: { keys: options.keys }, origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
    const path = requestPath({
      ...(options.dialect === undefined ? {} : { dialect: { ...options.dialect, prepare: (request) => prepare(destination, request) } }),
      transport: { pool, maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024, redactor },
      redactor,
      timeoutMs: options.timeoutMs ?? 10_000,
      ratePerMinute: options.ratePerMinute ?? null,
      rateWindowMs: options.rateWindowMs ?? 60_000,
      maxRequests: options.maxRequests ?? null,
      maxRateLimitRequests: options.maxRateLimitRequests ?? null,
      recordLimit: options.recordLimit ?? 500,
      sendPolicy: options.sendPolicy ?? { guarded: false, allowSend: true, allowedRecipients: [], maxSends: 0 },
      ...(options.onExchange === undefined ? {} : { onExchange: options.onExchange }),
    });
    return new HttpClient({ ...destination, pool, redactor, path });
  }

  /** A client as `create` makes it, once undici's Pool is loaded: what a run uses, so no check's deadline counts the loading. */
  static async open(options: HttpClientOptions): Promise<HttpClient> {
    await loadPool();
    return HttpClient.create(options);
  }

  /** A view sharing the pool, budget and limiter, with its own exchange record; aborted with its signal or this scope's. */
  scope(signal?: AbortSignal, label?: string): HttpClient {
    const signals = [this.scopeSignal, signal].filter((s): s is AbortSignal => !!s);
    const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return new HttpClient(this.core, combined, label ?? this.label);
  }

  /** The recipients a check may send to on a guarded target (--allow-recipient); undefined when sends are not guarded. */
  get allowedRecipients(): readonly string[] | undefined {
    return this.core.path.sends.allowedRecipients;
  }

  /** The send policy, counts and ledger of the run. */
  get sends(): SendSummary {
    return this.core.path.sends.summary();
  }

  /** Webhooks the run created and has not deleted (tracked from 2xx POST /v1/webhooks). */
  get createdWebhooks(): readonly TrackedWebhook[] {
    return this.core.path.webhooks.leftovers();
  }

  /** The run's redactor (knows the keys and every signing secret seen). */
  get redactor(): Redactor {
    return this.core.redactor;
  }

  /** Requests sent through this scope. */
  get count(): number {
    return this.own.count;
  }

  /** Milliseconds this scope's requests spent waiting for the client's rate limit (overlapping waits once). */
  get throttledMs(): number {
    return this.own.waits.ms;
  }

  /** Requests sent by the whole run. */
  get totalSent(): number {
    return this.core.path.budget.sent;
  }

  /** The redacted exchanges of this scope (bounded: the latest recordLimit). */
  get exchanges(): readonly Exchange[] {
    return this.own.exchanges;
  }

  /** The latest redacted exchange of this scope. */
  get last(): Exchange | undefined {
    return this.own.exchanges[this.own.exchanges.length - 1];
  }

  /** Sends one request; never throws for HTTP or network trouble (see Exchange.error), only for a step's refusal (budget, send guard). */
  async request(options: RequestOptions): Promise<Exchange> {
    const signals = [this.scopeSignal, options.signal].filter((s): s is AbortSignal => !!s);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return this.core.path.pipeline.run({ id: 0, options, prepared: prepare(this.core, options), signal, scope: this.own });
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.core.pool.close();
  }
}

function prepare(core: Destination, options: RequestOptions): Prepared {
  const method = (options.method ?? 'GET').toUpperCase();
  const keyRole = options.key ?? 'growth';
  const path = requestLinePath(`${core.basePath}${options.path}${queryString(options.query)}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | Buffer | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' || Buffer.isBuffer(options.body) ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const key = keyFor(core.options.keys, keyRole);
  if (key !== undefined) headers['x-api-key'] = key;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  const recordedHeaders = { ...headers };
  if (recordedHeaders['x-api-key'] !== undefined) recordedHeaders['x-api-key'] = redactedMarker;
  const record: ExchangeRequest = {
    method,
    url: `${core.origin}${path}`,
    headers: recordedHeaders,
    keyRole,
    ...bodyRecord(body),
  };
  return { record, path, headers, ...(body === undefined ? {} : { body }) };
}

function keyFor(keys: TargetKeys, role: KeyRole): string | undefined {
  if (role === 'none') return undefined;
  const key = keys[role];
  if (key === undefined) {
    throw new HarnessError('MISSING_KEY', `No ${role} API key is configured for this target: declare the check's needs or pass the key (see --help).`);
  }
  return key;
}

function bodyRecord(body: string | Buffer | undefined): { body?: string; bodyBase64?: boolean } {
  if (body === undefined) return {};
  if (typeof body === 'string') return { body };
  const text = body.toString('utf8');
  return Buffer.from(text, 'utf8').equals(body) ? { body: text } : { body: body.toString('base64'), bodyBase64: true };
}

function queryString(query: RequestOptions['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query === '' ? '' : `?${query.replace(/^\?/, '')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
