/** One request and answer as the proxy (or the forwarder) saw them: bytes capped at the capture limit. */
export interface CapturedExchange {
  readonly method: string;
  /** Path and query as the client sent them (e.g. /v1/messages?limit=5). */
  readonly url: string;
  /** Lower-case names; repeated headers joined with ", " (secret values stay in memory only, never in output). */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: Buffer;
  /** True when the request body was longer than the capture limit (it was forwarded whole, graded never). */
  readonly requestTruncated: boolean;
  /** Undefined when the target gave no answer (network error or timeout). */
  readonly status?: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: Buffer;
  readonly responseTruncated: boolean;
  /** ms since the epoch when the request arrived, and when its answer was complete. */
  readonly startedAt: number;
  readonly finishedAt: number;
  /** Why the target gave no answer (e.g. TIMEOUT, ECONNRESET). */
  readonly error?: string;
}

/**
 * An exchange as the forwarding path hands it over: header lines as Node read them (name, value, name, value ...),
 * so the hot path builds nothing; the grading thread makes the {@link CapturedExchange} from it.
 */
export interface WireExchange extends Omit<CapturedExchange, 'requestHeaders' | 'responseHeaders'> {
  readonly requestHeaders: readonly string[];
  readonly responseHeaders: readonly string[];
  /** The target switched protocols (Upgrade, 101) and the connection became a tunnel: nothing to grade. */
  readonly tunnelled?: boolean;
  /** The client left before its request was whole: what was captured is not the request it meant to send. */
  readonly requestCut?: boolean;
}

/** Lower-case header names with repeated values joined (Node's rawHeaders pairs as they came). */
export function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** Node's rawHeaders as name (lower-case) -> every value, the form the signature schemes read. */
export function headerBag(raw: readonly string[]): Record<string, string[]> {
  const bag = Object.create(null) as Record<string, string[]>;
  for (let i = 0; i + 1 < raw.length; i += 2) (bag[(raw[i] as string).toLowerCase()] ??= []).push(raw[i + 1] as string);
  return bag;
}

/** The exchange with its headers read into records, as the graders take it. */
export function capturedExchange(wire: WireExchange): CapturedExchange {
  return { ...wire, requestHeaders: headerRecord(wire.requestHeaders), responseHeaders: headerRecord(wire.responseHeaders) };
}
