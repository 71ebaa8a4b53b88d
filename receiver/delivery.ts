import type { VerifyResult } from './schemes/index.js';

/** One request captured by the receiver, kept as data. */
export interface Delivery {
  /** 1-based arrival number, unique per receiver. */
  seq: number;
  transport: 'http' | 'https';
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  path: string;
  /** Query parameters; a repeated key becomes an array. */
  query: Record<string, string | string[]>;
  /** Lower-cased names; duplicates joined with ", " (RFC 9110 §5.3). See `headerPairs` for each copy. */
  headers: Record<string, string>;
  /** Every header line in arrival order, names lower-cased, duplicates kept. */
  headerPairs: Array<[string, string]>;
  /** The body bytes exactly as received (only the first maxBodyBytes when oversize). */
  raw: Buffer;
  /** Bytes announced (content-length) or counted, whichever is larger. */
  size: number;
  /** The parsed JSON body (as ReceiverOptions.readJson reads it, when given), undefined when it did not parse (see jsonError). */
  json: unknown;
  jsonError: string | undefined;
  /** `event` of a JSON `{event, data}` payload (DESIGN.md §4), when present. */
  event: string | undefined;
  /** Wall clock (ms since the epoch) and monotonic clock (performance.now() ms) at arrival. */
  receivedAt: number;
  monotonicMs: number;
  remoteAddress: string | undefined;
  flags: { oversize: boolean; aborted: boolean };
  /**
   * What the receiver answered: a status, or null when it closed the socket without answering; the body it sent; and
   * when the answer (or the close) left, in ms since the epoch on the monotonic clock (performance.timeOrigin +
   * monotonic ms; undefined until then, and when it never did).
   */
  answer: { status: number | null; delayMs: number; body?: string; answeredAt?: number };
  /** Signature check result when the receiver was started with `verify`. */
  verification: VerifyResult | undefined;
}

/** The delivery's headers as name → every value, the form the signature schemes read. */
export function headerBag(delivery: Pick<Delivery, 'headerPairs'>): Record<string, string[]> {
  const bag = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of delivery.headerPairs) (bag[name] ??= []).push(value);
  return bag;
}
