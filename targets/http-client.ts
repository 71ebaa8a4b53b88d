import { isUtf8 } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { Exchange, ExchangeError, ExchangeRequest } from './exchange.js';
import { HarnessError } from './harness-error.js';
import { redactedMarker, Redactor } from './redact.js';
import { noteAnswerSize } from './memory-relief.js';
import { redactExchange } from './redact-exchange.js';
import { assertSendableHeaders, requestLinePath } from './request-line.js';
import { untilAborted } from './until-aborted.js';
import { jsonDepth, maxJsonDepth } from './sanitize.js';
import { SendGuard } from './send-guard.js';
import type { AdmittedSend, SendPolicy } from './send-guard.js';
import type { SendSummary } from './send-ledger.js';
import type { KeyRole, TargetKeys } from './target.js';
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
  /** Client-side token bucket per key role except rateLimit (production profile: 100/min, spec §8); null = none. */
  ratePerMinute?: number | null;
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
  readonly options: Required<Omit<HttpClientOptions, 'redactor' | 'ratePerMinute' | 'maxRequests' | 'sendPolicy' | 'maxRateLimitRequests'>> & {
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
    const timeoutMs = options.timeoutMs ?? core.options.timeoutMs;
    const timeout = new AbortController();
    const signals = [timeout.signal, this.scopeSignal, options.signal].filter((s): s is AbortSignal => !!s);
    const signal = AbortSignal.any(signals);
    const start = performance.now();
    const timer = setTimeout(() => timeout.abort(new Error(`no complete response within ${timeoutMs} ms`)), timeoutMs);
    let exchange: Exchange;
    try {
      // the rate-limit key is the one meant to exceed the limit (RATE-LIMIT-100), so it is never throttled here
      const throttled = core.options.ratePerMinute !== null && prepared.record.keyRole !== 'rateLimit';
      if (throttled) await this.limiter(prepared.record.keyRole).take(signal);
      exchange = await send(core, id, prepared, signal, start);
    } catch (error) {
      const code = timeout.signal.aborted ? 'TIMEOUT' : signal.aborted ? 'ABORTED' : errorCode(error);
      const message = timeout.signal.aborted ? String((timeout.signal.reason as Error).message) : errorMessage(error);
      exchange = failed(id, prepared.record, start, { code, message: core.redactor.scrub(message) });
    } finally {
      clearTimeout(timer);
    }
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

  private limiter(role: KeyRole): WindowLimiter {
    let limiter = this.core.limiters.get(role);
    if (!limiter) {
      limiter = new WindowLimiter(this.core.options.ratePerMinute as number);
      this.core.limiters.set(role, limiter);
    }
    return limiter;
  }
}

interface Prepared {
  readonly record: ExchangeRequest;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
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

async function send(core: Core, id: number, prepared: Prepared, signal: AbortSignal, start: number): Promise<Exchange> {
  assertSendableHeaders(prepared.headers);
  const pending = core.pool.request({
    method: prepared.record.method as 'GET',
    path: prepared.path,
    headers: prepared.headers,
    ...(prepared.body === undefined ? {} : { body: prepared.body }),
    signal,
  });
  // the timeout holds even if the pool never dispatches (undici leaves a queued request deaf to its signal)
  const response = await untilAborted(pending, signal);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let error: ExchangeError | undefined;
  for await (const chunk of response.body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > core.options.maxBodyBytes) {
      response.body.destroy();
      error = { code: 'BODY_TOO_LARGE', message: `response body exceeds ${core.options.maxBodyBytes} bytes; the rest was not read` };
      chunks.push(buffer.subarray(0, buffer.length - (size - core.options.maxBodyBytes)));
      break;
    }
    chunks.push(buffer);
  }
  const bytes = Buffer.concat(chunks);
  noteAnswerSize(bytes.length);
  const bodyText = bytes.toString('utf8');
  // RFC 8259 §8.1: JSON exchanged between systems must be UTF-8; a lossy decode must not pass as valid JSON
  const notUtf8 = !error && !isUtf8(bytes) ? { jsonError: 'the body is not valid UTF-8 (JSON must be UTF-8: RFC 8259 §8.1)' } : undefined;
  return {
    id,
    request: prepared.record,
    status: response.statusCode,
    headers,
    bodyText,
    ...(error ? { error } : (notUtf8 ?? parseJson(bodyText))),
    durationMs: performance.now() - start,
  };
}

function parseJson(text: string): { json?: unknown; jsonError?: string } {
  if (text.trim() === '') return {};
  // issue 15: a 100,000-level answer parses, but every recursive reader of it (schema validation, copies) would
  // exhaust the stack; the checks that read the body fail on this instead
  if (jsonDepth(text) > maxJsonDepth) return { jsonError: `the answer nests deeper than ${maxJsonDepth} levels` };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    return { jsonError: (error as Error).message };
  }
}

function failed(id: number, request: ExchangeRequest, start: number, error: ExchangeError): Exchange {
  return { id, request, headers: {}, bodyText: '', durationMs: performance.now() - start, error };
}

function errorCode(error: unknown): string {
  const candidate = error as { code?: unknown; cause?: { code?: unknown }; name?: unknown };
  if (typeof candidate?.code === 'string') return candidate.code;
  if (typeof candidate?.cause?.code === 'string') return candidate.cause.code;
  return typeof candidate?.name === 'string' ? candidate.name : 'NETWORK_ERROR';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
