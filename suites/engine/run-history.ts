import type { Delivery } from '../../receiver/index.js';
import { historyOf, matchOperation } from '../../rules/index.js';
import type { CallRecord, DeliveryRecord, History } from '../../rules/index.js';
import type { Exchange } from '../../targets/index.js';

/** Bytes of answer and request bodies the history keeps for the rules; past it, later calls keep their facts but no bodies. */
const defaultBodyBudget = 48 * 1024 * 1024;

// operations whose answers carry the signing secret (spec §2.3): the rules verify signatures with it, in memory only
const secretBearers = new Set(['createWebhook', 'rotateWebhookSecret']);

/**
 * The run's history (DESIGN.md §3): every exchange of every check, as the client recorded it (the redacted copy, with
 * the check's id, the key role, the send and receive times), and, when judged, every delivery the receiver captured.
 * Bounded: bodies are kept up to a byte budget (a hostile target's answers cannot grow it without end). A shard keeps
 * its own: each shard's history is judged on its own.
 */
export class RunHistory {
  private readonly calls: CallRecord[] = [];
  private readonly exchanges: Exchange[] = [];
  private bytes = 0;
  // operationId -> the label of the first call it answered with a 2xx: evidence its route exists (DESIGN.md §3)
  private readonly served = new Map<string, string>();
  private snapshot: { history: History; calls: number; deliveries: number } | undefined;

  constructor(
    private readonly bodyBudget = defaultBodyBudget,
    /** The harness's event-loop lag near an arrival (Patience.lagNear), kept with each delivery (DeliveryEntry.lagMs). */
    private readonly lagNear?: (monotonicMs: number) => number,
  ) {}

  /** Records one exchange (the HttpClient's onExchange). */
  readonly record = (exchange: Exchange, recorded: Exchange, label: string | undefined): void => {
    let url: URL;
    try {
      url = new URL(recorded.request.url);
    } catch {
      return;
    }
    const matched = matchOperation(recorded.request.method, url.pathname);
    const at = url.pathname.indexOf('/v1/');
    const size = recorded.bodyText.length + (recorded.request.body?.length ?? 0);
    const keep = this.bytes + size <= this.bodyBudget;
    if (keep) this.bytes += size;
    const startedAt = exchange.startedAt ?? performance.timeOrigin + performance.now() - exchange.durationMs;
    const secret =
      matched !== undefined && secretBearers.has(matched.operation.id)
        ? (exchange.json as { signing_secret?: unknown } | undefined)?.signing_secret
        : undefined;
    const key = recorded.request.headers['idempotency-key'];
    if (matched !== undefined && recorded.status !== undefined && recorded.status >= 200 && recorded.status < 300 && !this.served.has(matched.operation.id))
      this.served.set(matched.operation.id, label ?? 'run');
    this.calls.push({
      source: label ?? 'run',
      principal: recorded.request.keyRole,
      method: recorded.request.method,
      path: at < 0 ? url.pathname : url.pathname.slice(at),
      query: queryOf(url),
      ...(matched === undefined ? { params: {} } : { operationId: matched.operation.id, params: matched.pathParams }),
      ...(keep && recorded.request.body !== undefined && !recorded.request.bodyBase64 ? { requestBody: recorded.request.body } : {}),
      ...(key === undefined ? {} : { idempotencyKey: key }),
      ...(recorded.status === undefined ? {} : { status: recorded.status }),
      ...(keep && recorded.json !== undefined ? { json: recorded.json } : {}),
      startedAt,
      finishedAt: startedAt + exchange.durationMs,
      ...(typeof secret === 'string' ? { secret } : {}),
      ref: this.exchanges.length,
    });
    // past the budget a call keeps its request (a reproduction needs no answer body)
    this.exchanges.push(
      keep
        ? recorded
        : {
            id: recorded.id,
            request: recorded.request,
            headers: {},
            bodyText: '',
            durationMs: recorded.durationMs,
            ...(recorded.status === undefined ? {} : { status: recorded.status }),
          },
    );
  };

  /** The history so far, with the deliveries given (the receiver's store); the same object while nothing changed. */
  history(deliveries: readonly Delivery[]): History {
    const known = this.snapshot;
    if (known !== undefined && known.calls === this.calls.length && known.deliveries === deliveries.length) return known.history;
    const history = historyOf(
      this.calls,
      deliveries.map((delivery) => deliveryRecord(delivery, this.lagNear)),
    );
    this.snapshot = { history, calls: this.calls.length, deliveries: deliveries.length };
    return history;
  }

  /** Where the run first saw the operation answer a 2xx (the label of that call's check), if it did. */
  readonly servedBy = (operationId: string): string | undefined => this.served.get(operationId);

  /** The redacted exchange of a call of the history (for its curl reproduction). */
  exchangeOf(ref: number | undefined): Exchange | undefined {
    return ref === undefined ? undefined : this.exchanges[ref];
  }
}

/**
 * The URL's query as the history keeps it (a repeated name keeps its last value), as URLSearchParams reads it. A
 * query without % or + reads as it stands (split at & and the first =), and URLSearchParams, which takes longer to
 * make than the rest of recording a call, is made only for the others (issue 28).
 */
export function queryOf(url: URL): Record<string, string> {
  const search = url.search;
  if (search === '') return {};
  if (search.includes('%') || search.includes('+')) return Object.fromEntries(url.searchParams);
  const pairs: Array<[string, string]> = [];
  for (const pair of search.slice(1).split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    pairs.push(at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]);
  }
  return Object.fromEntries(pairs);
}

function deliveryRecord(delivery: Delivery, lagNear: ((monotonicMs: number) => number) | undefined): DeliveryRecord {
  const lagMs = lagNear?.(delivery.monotonicMs);
  return {
    ...(lagMs === undefined || lagMs === 0 ? {} : { lagMs }),
    path: delivery.path,
    headers: delivery.headers,
    headerPairs: delivery.headerPairs,
    raw: delivery.raw,
    ...(delivery.json === undefined ? {} : { json: delivery.json }),
    // the monotonic clock, as the calls' times: both to the microsecond, neither moved by a wall-clock adjustment
    receivedAt: performance.timeOrigin + delivery.monotonicMs,
    ...(delivery.answer.answeredAt === undefined ? {} : { answeredAt: delivery.answer.answeredAt }),
    answerStatus: delivery.answer.status,
  };
}
