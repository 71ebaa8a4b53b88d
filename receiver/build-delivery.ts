import type { IncomingMessage } from 'node:http';
import type { Delivery } from './delivery.js';
import type { BodyCapture } from './read-body.js';

function splitTarget(url: string): { path: string; query: Record<string, string | string[]> } {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // Null prototype: a key such as "__proto__" or "constructor" is data here, never inherited.
  const query = Object.create(null) as Record<string, string | string[]>;
  if (q !== -1) {
    for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
      const prev = query[key];
      query[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  return { path, query };
}

function parseJson(raw: Buffer, body: BodyCapture): { json: unknown; jsonError: string | undefined } {
  if (body.oversize || body.aborted) return { json: undefined, jsonError: 'body incomplete (oversize or aborted)' };
  if (raw.length === 0) return { json: undefined, jsonError: 'empty body' };
  try {
    return { json: JSON.parse(raw.toString('utf8')), jsonError: undefined };
  } catch (error) {
    return { json: undefined, jsonError: (error as Error).message };
  }
}

/** Arrival facts noted before the body is read. */
export interface Arrival {
  seq: number;
  transport: 'http' | 'https';
  receivedAt: number;
  monotonicMs: number;
}

/**
 * Turns a request and its captured body into a stored Delivery (verification and answer filled by the caller); a
 * parsed body is kept as `readJson` reads it (ReceiverOptions.readJson), the bytes as sent.
 */
export function buildDelivery(req: IncomingMessage, arrival: Arrival, body: BodyCapture, readJson?: (json: unknown) => unknown): Delivery {
  const url = req.url ?? '/';
  const headerPairs: Array<[string, string]> = [];
  const headers = Object.create(null) as Record<string, string>;
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] as string).toLowerCase();
    const value = req.rawHeaders[i + 1] as string;
    headerPairs.push([name, value]);
    headers[name] = Object.hasOwn(headers, name) ? `${headers[name]}, ${value}` : value;
  }
  const parsed = parseJson(body.raw, body);
  const { jsonError } = parsed;
  const json = readJson === undefined || parsed.json === undefined ? parsed.json : readJson(parsed.json);
  const event =
    json !== null && typeof json === 'object' && typeof (json as { event?: unknown }).event === 'string' ? (json as { event: string }).event : undefined;
  const { path, query } = splitTarget(url);
  // every field written out (no spread of the arrival or the split target): the receiver builds one per delivery
  return {
    seq: arrival.seq,
    transport: arrival.transport,
    receivedAt: arrival.receivedAt,
    monotonicMs: arrival.monotonicMs,
    method: req.method ?? 'GET',
    url,
    path,
    query,
    headers,
    headerPairs,
    raw: body.raw,
    size: body.size,
    json,
    jsonError,
    event,
    remoteAddress: req.socket.remoteAddress,
    flags: { oversize: body.oversize, aborted: body.aborted },
    answer: { status: null, delayMs: 0 },
    verification: undefined,
  };
}
