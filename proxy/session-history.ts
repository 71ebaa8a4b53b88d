import { createHash } from 'node:crypto';
import { historyOf } from '../rules/index.js';
import type { CallRecord, History, MatchedOperation } from '../rules/index.js';
import type { CapturedExchange } from './captured-exchange.js';

/** Bytes of bodies the window keeps (request text and answer size); past it, the oldest calls go first. */
const defaultBodyBytes = 32 * 1024 * 1024;

/**
 * The history of a proxy session for the rules of rules/history-rules/ (DESIGN.md §3): the latest `capacity` calls
 * (default 10,000) and at most 32 MB of their bodies, oldest dropped first, so memory stays flat however long the
 * session runs. API keys are kept only as a digest (idempotency is scoped per key), bodies as the client sent them.
 */
export class SessionHistory {
  private calls: CallRecord[] = [];
  private head = 0;
  private bytes = 0;
  /** Calls per API key digest and Idempotency-Key in the window. */
  private readonly keys = new Map<string, number>();
  private built: { history: History; calls: number; head: number } | undefined;
  /** The digest of the key of the latest call: a session's calls mostly carry one key, hashed once (issue 26 profile). */
  private principal: { key: string; digest: string } | undefined;

  constructor(
    private readonly capacity = 10_000,
    private readonly maxBytes = defaultBodyBytes,
  ) {}

  /** Calls in the window now. */
  get size(): number {
    return this.calls.length - this.head;
  }

  /** ms between the oldest call of the window and the latest: a call stays in the window about this long. */
  get spanMs(): number {
    const oldest = this.calls[this.head];
    const latest = this.calls[this.calls.length - 1];
    return oldest === undefined || latest === undefined ? Infinity : latest.finishedAt - oldest.startedAt;
  }

  /** Distinct Idempotency-Keys (per API key) in the window now: the replays the rules can still judge. */
  get idempotencyKeys(): number {
    return this.keys.size;
  }

  /** Adds one graded exchange of a contract operation, with its answer's JSON when it parsed. */
  record(exchange: CapturedExchange, matched: MatchedOperation, json: unknown): void {
    if (exchange.requestTruncated || exchange.responseTruncated) return;
    const { pathname, searchParams } = new URL(exchange.url, 'http://proxy.invalid');
    const at = pathname.indexOf('/v1/');
    const key = exchange.requestHeaders['idempotency-key'];
    const requestBody = exchange.requestBody.length > 0 ? exchange.requestBody.toString('utf8') : undefined;
    const call: CallRecord & { bytes: number } = {
      source: 'client',
      principal: this.principalOf(exchange.requestHeaders['x-api-key'] ?? ''),
      method: exchange.method.toUpperCase(),
      path: at < 0 ? pathname : pathname.slice(at),
      query: Object.fromEntries(searchParams),
      operationId: matched.operation.id,
      params: matched.pathParams,
      ...(requestBody === undefined ? {} : { requestBody }),
      ...(key === undefined ? {} : { idempotencyKey: key }),
      ...(exchange.status === undefined ? {} : { status: exchange.status }),
      ...(json === undefined ? {} : { json }),
      startedAt: exchange.startedAt,
      finishedAt: exchange.finishedAt,
      bytes: exchange.requestBody.length + exchange.responseBody.length,
    };
    this.calls.push(call);
    this.bytes += call.bytes;
    this.countKey(call, 1);
    while (this.size > this.capacity || (this.bytes > this.maxBytes && this.size > 1)) {
      const oldest = this.calls[this.head] as CallRecord & { bytes: number };
      this.bytes -= oldest.bytes;
      this.countKey(oldest, -1);
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.calls.length) {
      this.calls = this.calls.slice(this.head);
      this.head = 0;
    }
  }

  private principalOf(key: string): string {
    if (this.principal?.key !== key) this.principal = { key, digest: digest(key) };
    return this.principal.digest;
  }

  private countKey(call: CallRecord, step: 1 | -1): void {
    if (call.idempotencyKey === undefined) return;
    const key = `${call.principal}\u0000${call.idempotencyKey}`;
    const count = (this.keys.get(key) ?? 0) + step;
    if (count > 0) this.keys.set(key, count);
    else this.keys.delete(key);
  }

  /** The window as a history (the same object while nothing was added, so the rules' judgements are reused). */
  history(): History {
    const known = this.built;
    if (known !== undefined && known.calls === this.calls.length && known.head === this.head) return known.history;
    const history = historyOf(this.calls.slice(this.head), []);
    this.built = { history, calls: this.calls.length, head: this.head };
    return history;
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
