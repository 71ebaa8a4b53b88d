/**
 * One run's (or one proxy session's) history: every API exchange and every delivery the receiver captured, in one
 * order (DESIGN.md §3 "Judged over the history"). Entries are plain data; the rules read nothing else. Times are
 * wall-clock ms since the epoch of the process that recorded them (the harness), so calls and deliveries compare.
 */

/** One API exchange: what was asked, by whom, and what came back (an answer's absence is indeterminate, as Jepsen's :info). */
export interface CallEntry {
  readonly kind: 'call';
  /** Position in the history (calls by start, deliveries by arrival, one numbering). */
  readonly seq: number;
  /** Who sent it: a check id, or the proxy's client. */
  readonly source: string;
  /** Whose API key: a key role (growth, starter ...) or, in the proxy, a digest of the key. */
  readonly principal: string;
  readonly method: string;
  /** Path from the version on (/v1/...), without the query. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The contract operation it addresses, and its path parameters. */
  readonly operationId?: string;
  readonly params: Readonly<Record<string, string>>;
  /** The request body as sent (secrets redacted), when there was one. */
  readonly requestBody?: string;
  readonly idempotencyKey?: string;
  /** Undefined when no answer came (network error, timeout): the call may or may not have taken effect. */
  readonly status?: number;
  /** The answer's JSON (a redacted copy), when it parsed and was kept. */
  readonly json?: unknown;
  readonly startedAt: number;
  readonly finishedAt: number;
  /** The signing_secret a create or rotate answer carried: in memory for signature checks only, never in any output. */
  readonly secret?: string;
  /** The recorder's own handle of the exchange (e.g. to show it as curl); the rules never read it. */
  readonly ref?: number;
}

/** One request the webhook receiver captured, and what it answered. */
export interface DeliveryEntry {
  readonly kind: 'delivery';
  readonly seq: number;
  /** The receiver path it arrived at (a webhook's url path). */
  readonly path: string;
  /** Lower-case names, repeated values joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** Every header line in arrival order (the form signature verification reads). */
  readonly headerPairs: readonly (readonly [string, string])[];
  readonly raw: Buffer;
  readonly json?: unknown;
  readonly receivedAt: number;
  /** The harness's event-loop lag around the arrival (ms): receivedAt may be that much later than the attempt began. */
  readonly lagMs?: number;
  /** When the receiver's answer (or its close) left; undefined when it never did. */
  readonly answeredAt?: number;
  /** The status the receiver answered, null when it closed the connection without one (a network failure for the sender). */
  readonly answerStatus: number | null;
}

/** An entry of the history. */
export type HistoryEntry = CallEntry | DeliveryEntry;

/** The history the rules read: calls by start time, deliveries by arrival, every entry by its seq. */
export interface History {
  readonly calls: readonly CallEntry[];
  readonly deliveries: readonly DeliveryEntry[];
  /** The entry with this seq. */
  entry(seq: number): HistoryEntry | undefined;
  /** The earliest time of the history (for relative times in messages). */
  readonly origin: number;
}

/** A call before it has its place in the history. */
export type CallRecord = Omit<CallEntry, 'kind' | 'seq'>;
/** A delivery before it has its place in the history. */
export type DeliveryRecord = Omit<DeliveryEntry, 'kind' | 'seq'>;

/** Orders calls and deliveries into one history (stable: equal times keep their given order). */
export function historyOf(calls: readonly CallRecord[], deliveries: readonly DeliveryRecord[]): History {
  // positions: calls first, then deliveries (the tie-break that keeps the given order); sorted by their times
  const at = (position: number): number =>
    position < calls.length ? (calls[position] as CallRecord).startedAt : (deliveries[position - calls.length] as DeliveryRecord).receivedAt;
  const order = Array.from({ length: calls.length + deliveries.length }, (_, position) => position).sort((a, b) => at(a) - at(b) || a - b);
  const entries = order.map((position, index): HistoryEntry =>
    position < calls.length
      ? { kind: 'call', seq: index + 1, ...(calls[position] as CallRecord) }
      : { kind: 'delivery', seq: index + 1, ...(deliveries[position - calls.length] as DeliveryRecord) },
  );
  const origin = order.length === 0 ? 0 : at(order[0] as number);
  return {
    calls: entries.filter((entry): entry is CallEntry => entry.kind === 'call'),
    deliveries: entries.filter((entry): entry is DeliveryEntry => entry.kind === 'delivery'),
    entry: (seq) => entries[seq - 1],
    origin,
  };
}
