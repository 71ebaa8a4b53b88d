import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { Exchange, ExchangeError, ExchangeRequest } from './exchange.js';
import { HarnessError } from './harness-error.js';
import { redactedMarker, Redactor } from './redact.js';
import { redactExchange } from './redact-exchange.js';
import { requestLinePath } from './request-line.js';
import { SendGuard } from './send-guard.js';
import type { AdmittedSend, SendPolicy } from './send-guard.js';
import type { SendSummary } from './send-ledger.js';
import type { KeyRole, TargetKeys } from './target.js';
import { errorMessage, failed, timedSend } from './transport.js';
import type { Prepared } from './transport.js';
import { WaitClock } from './wait-clock.js';
import { WebhookTracker } from './webhook-tracker.js';
import { WindowLimiter } from './window-limiter.js';
import type { TrackedWebhook } from './webhook-tracker.js';

type QueryValue = string | number | boolean | undefined | null | readonly (string | number | boolean)[];

/** One request. `body`: a string or Buffer is sent as is (for malformed input), anything else as JSON. */
export interface RequestOptions {
  method?: string;
  /** Path from the base URL, e.g. /v1/messages. */
  path: string;
  /** Query parameters (undefined/null dropped, arrays repeated), or a raw query string. */
  query?: Readonly<Record<string, QueryValue>> | string;
  /** Extra headers; a value of undefined removes a default (e.g. content-type). */
  headers?: Readonly<Record<string, string | undefined>>;
  body?: unknown;
  /** Which key goes in x-api-key (spec §5.1); default growth. */
  key?: KeyRole;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A clean-up request of the harness (deleting webhooks it created): not counted against maxRequests. */
  cleanup?: boolean;
}

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
}

interface Core {
  readonly options: Required<Omit<HttpClientOptions, 'redactor' | 'ratePerMinute' | 'maxRequests' | 'sendPolicy' | 'maxRateLimitRequests' | 'rateWindowMs'>> & {
    rateWindowMs: number;
    ratePerMinute: number | null;
    maxRequests: number | null;
    maxRateLimitRequests: number | null;
  };
  readonly origin: string;
  readonly basePath: string;
  readonly pool: Pool;
  readonly limiters: Map<string, WindowLimiter>;
  readonly redactor: Redactor;
  readonly sends: SendGuard;
  readonly webhooks: WebhookTracker;
  sent: number;
  rateLimitSent: number;
  nextId: number;
}

/** The one HTTP path of the harness (DESIGN.md §3): timeouts, auth by key role, budget, rate, redacted records. */
export class HttpClient {
  private readonly own: Exchange[] = [];
  private ownCount = 0;
  private readonly waits = new WaitClock();

  private constructor(
    private readonly core: Core,
    private readonly scopeSignal?: AbortSignal,
    /** Who sends through this scope (a check id), for the send ledger. */
    readonly label?: string,
  ) {}

  /** A client for a target's base URL and keys. */
  static create(options: HttpClientOptions): HttpClient {
    const url = new URL(options.baseUrl);
    const redactor = options.redactor ?? new Redactor();
    for (const role of ['growth', 'starter', 'rateLimit'] as const) redactor.addSecret(options.keys[role]);
    const resolved = {
      baseUrl: options.baseUrl,
      keys: options.keys,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
      connections: options.connections ?? 8,
      ratePerMinute: options.ratePerMinute ?? null,
      rateWindowMs: options.rateWindowMs ?? 60_000,
      maxRequests: options.maxRequests ?? null,
      recordLimit: options.recordLimit ?? 500,
      maxRateLimitRequests: options.maxRateLimitRequests ?? null,
    };
    const pool = new Pool(url.origin, { connections: resolved.connections, keepAliveTimeout: 10_000 });
    const core: Core = {
      options: resolved,
      origin: url.origin,
      basePath: url.pathname.replace(/\/+$/, ''),
      pool,
      limiters: new Map(),
      redactor,
      sends: new SendGuard(options.sendPolicy ?? { guarded: false, allowSend: true, allowedRecipients: [], maxSends: 0 }),
      webhooks: new WebhookTracker(),
      sent: 0,
      rateLimitSent: 0,
      nextId: 1,
    };
    return new HttpClient(core);
  }

  /** A view sharing the pool, budget and limiter, with its own exchange record; aborted with its signal or this scope's. */
  scope(signal?: AbortSignal, label?: string): HttpClient {
    const signals = [this.scopeSignal, signal].filter((s): s is AbortSignal => !!s);
    const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return new HttpClient(this.core, combined, label ?? this.label);
  }

  /** The recipients a check may send to on a guarded target (--allow-recipient); undefined when sends are not guarded. */
  get allowedRecipients(): readonly string[] | undefined {
    return this.core.sends.allowedRecipients;
  }

  /** The send policy, counts and ledger of the run. */
  get sends(): SendSummary {
    return this.core.sends.summary();
  }

  /** Webhooks the run created and has not deleted (tracked from 2xx POST /v1/webhooks). */
  get createdWebhooks(): readonly TrackedWebhook[] {
    return this.core.webhooks.leftovers();
  }

  /** The run's redactor (knows the keys and every signing secret seen). */
  get redactor(): Redactor {
    return this.core.redactor;
  }

  /** Requests sent through this scope. */
  get count(): number {
    return this.ownCount;
  }

  /** Milliseconds this scope's requests spent waiting for the client's rate limit (overlapping waits once). */
  get throttledMs(): number {
    return this.waits.ms;
  }

  /** Requests sent by the whole run. */
  get totalSent(): number {
    return this.core.sent;
  }

  /** The redacted exchanges of this scope (bounded: the latest recordLimit). */
  get exchanges(): readonly Exchange[] {
    return this.own;
  }

  /** The latest redacted exchange of this scope. */
  get last(): Exchange | undefined {
    return this.own[this.own.length - 1];
  }

  /** Sends one request; never throws for HTTP or network trouble (see Exchange.error), only for the budget. */
  async request(options: RequestOptions): Promise<Exchange> {
    const core = this.core;
    const { maxRequests } = core.options;
    if (maxRequests !== null && core.sent >= maxRequests && !options.cleanup) {
      throw new HarnessError(
        'BUDGET_EXCEEDED',
        `Request budget exhausted: this run already sent ${core.sent} requests (budget ${maxRequests}). Raise it with --max-requests or select fewer checks / lower --runs.`,
      );
    }
    const prepared = prepare(core, options);
    const unthrottled = prepared.record.keyRole === 'rateLimit' && core.options.ratePerMinute !== null;
    const { maxRateLimitRequests } = core.options;
    if (unthrottled && maxRateLimitRequests !== null && core.rateLimitSent >= maxRateLimitRequests) {
      throw new HarnessError(
        'BUDGET_EXCEEDED',
        `Rate-limit budget exhausted: ${core.rateLimitSent} unthrottled requests with the rate-limit key (bound ${maxRateLimitRequests}). The rate-limit check must prove its point within that bound.`,
      );
    }
    // DESIGN.md §5: the guard refuses (throws) before anything is sent
    const admitted = options.cleanup ? undefined : core.sends.admit(prepared.record.method, options.path, options.body);
    if (unthrottled) core.rateLimitSent += 1;
    core.sent += 1;
    this.ownCount += 1;
    const id = core.nextId++;
    const callerSignals = [this.scopeSignal, options.signal].filter((s): s is AbortSignal => !!s);
    const callerSignal = callerSignals.length > 0 ? AbortSignal.any(callerSignals) : undefined;
    // the rate-limit key is the one meant to exceed the limit (RATE-LIMIT-100), so it is never throttled here; the
    // wait is the client's own pacing (spec §8), so the request timeout starts only when the transport gets it
    const throttled = core.options.ratePerMinute !== null && prepared.record.keyRole !== 'rateLimit';
    const waitError = throttled ? await this.waitForSlot(prepared.record.keyRole, callerSignal) : undefined;
    const exchange = waitError
      ? failed(id, prepared.record, performance.now(), waitError)
      : await timedSend({ pool: core.pool, maxBodyBytes: core.options.maxBodyBytes, redactor: core.redactor }, id, prepared, options.timeoutMs ?? core.options.timeoutMs, callerSignal);
    if (exchange.json !== undefined) core.redactor.learnFrom(exchange.json);
    core.webhooks.observe(prepared.record.method, options.path, prepared.record.keyRole, exchange.status, exchange.json);
    if (admitted) this.recordSend(admitted, exchange);
    this.own.push(redactExchange(exchange, core.redactor));
    if (this.own.length > core.options.recordLimit) this.own.shift();
    return exchange;
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.core.pool.close();
  }

  private recordSend(admitted: AdmittedSend, exchange: Exchange): void {
    const id = (exchange.json as { id?: unknown } | undefined)?.id;
    this.core.sends.record(admitted, {
      ...(this.label === undefined ? {} : { check: this.label }),
      tier: exchange.request.keyRole,
      ...(exchange.status === undefined ? {} : { status: exchange.status }),
      ...(typeof id === 'string' && exchange.status !== undefined && exchange.status < 300 ? { messageId: id } : {}),
      ...(exchange.error ? { error: exchange.error.code } : {}),
    });
  }

  /** Waits for a slot of the key's rate limit; an abort while waiting is the request's error (nothing was sent). */
  private async waitForSlot(role: KeyRole, signal: AbortSignal | undefined): Promise<ExchangeError | undefined> {
    this.waits.begin();
    try {
      await this.limiter(role).take(signal);
      return undefined;
    } catch (error) {
      return { code: 'ABORTED', message: this.core.redactor.scrub(`aborted while waiting for the rate limit: ${errorMessage(error)}`) };
    } finally {
      this.waits.end();
    }
  }

  private limiter(role: KeyRole): WindowLimiter {
    let limiter = this.core.limiters.get(role);
    if (!limiter) {
      limiter = new WindowLimiter(this.core.options.ratePerMinute as number, this.core.options.rateWindowMs);
      this.core.limiters.set(role, limiter);
    }
    return limiter;
  }
}

function prepare(core: Core, options: RequestOptions): Prepared {
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

