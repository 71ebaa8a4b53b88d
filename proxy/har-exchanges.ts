import type { WireExchange } from './captured-exchange.js';
import { printable } from './printable.js';

/** The largest HAR file read (a whole day of an SDK's tests fits; a larger one is refused, not read in part). */
export const harFileLimit = 256 * 1024 * 1024;

/** The base URL of a recorded session's results: `har:` and the file (no origin was proxied). */
export const recordedSessionPrefix = 'har:';

/** The most entries read from one HAR file. */
export const harEntryLimit = 200_000;

/** A HAR file that cannot be graded: the message names the entry and the field that is wrong (exit 2, one line). */
export class HarFormatError extends Error {
  override readonly name = 'HarFormatError';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entry's field, or the error naming it (the value itself is never echoed: it is untrusted and may hold a key). */
function field<T>(from: Json, name: string, where: string, test: (value: unknown) => value is T, what: string): T {
  const value = from[name];
  if (!test(value)) throw new HarFormatError(`${where}.${name} is not ${what}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** HAR name/value headers as Node's raw pairs; HTTP/2 pseudo-headers (:authority ...) are not headers of the request. */
function rawHeaders(list: unknown[], where: string, drop: ReadonlySet<string> = new Set()): string[] {
  const raw: string[] = [];
  list.forEach((item, i) => {
    if (!isObject(item) || !isString(item.name) || !isString(item.value))
      throw new HarFormatError(`${where}.headers[${i}] is not a {name, value} pair of strings`);
    if (!item.name.startsWith(':') && !drop.has(item.name.toLowerCase())) raw.push(item.name, item.value);
  });
  return raw;
}

/** A HAR body (postData or content): its text, base64 when `encoding` says so, cut at maxBody bytes. */
function body(holder: unknown, maxBody: number): { bytes: Buffer; truncated: boolean } {
  if (!isObject(holder) || !isString(holder.text)) return { bytes: Buffer.alloc(0), truncated: false };
  const bytes = Buffer.from(holder.text, holder.encoding === 'base64' ? 'base64' : 'utf8');
  return bytes.length > maxBody ? { bytes: bytes.subarray(0, maxBody), truncated: true } : { bytes, truncated: false };
}

/** Path and query of a request URL (absolute, as HAR writes it, or already a path). */
function pathOf(url: string, where: string): string {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    throw new HarFormatError(`${where}.url is not a URL`);
  }
}

function exchangeOf(entry: unknown, index: number, maxBody: number): WireExchange {
  const where = `log.entries[${index}]`;
  if (!isObject(entry)) throw new HarFormatError(`${where} is not an object`);
  const request = field(entry, 'request', where, isObject, 'an object');
  const response = field(entry, 'response', where, isObject, 'an object');
  const startedAt = Date.parse(field(entry, 'startedDateTime', where, isString, 'a date-time string'));
  if (Number.isNaN(startedAt)) throw new HarFormatError(`${where}.startedDateTime is not a date-time`);
  const time = isNumber(entry.time) && entry.time >= 0 ? entry.time : 0;
  const status = field(response, 'status', `${where}.response`, isNumber, 'a number');
  const sent = body(request.postData, maxBody);
  const answered = body(response.content, maxBody);
  return {
    method: field(request, 'method', `${where}.request`, isString, 'a string').toUpperCase(),
    url: pathOf(field(request, 'url', `${where}.request`, isString, 'a string'), `${where}.request`),
    requestHeaders: rawHeaders(field(request, 'headers', `${where}.request`, isArray, 'a list'), `${where}.request`),
    requestBody: sent.bytes,
    requestTruncated: sent.truncated,
    // HAR 1.2: status 0 is "no answer"; content.text is the decoded body, so its content-encoding no longer applies
    ...(status === 0 ? { error: 'no answer recorded (HAR status 0)' } : { status }),
    responseHeaders: rawHeaders(field(response, 'headers', `${where}.response`, isArray, 'a list'), `${where}.response`, new Set(['content-encoding'])),
    responseBody: answered.bytes,
    responseTruncated: answered.truncated,
    startedAt,
    finishedAt: startedAt + time,
  };
}

/**
 * Where JSON.parse stopped, without its words: V8 quotes the text around the error ("Unexpected token 's', ..."[sk_live_ha"...),
 * which would echo the untrusted file, a key in it perhaps.
 */
function jsonErrorPlace(message: string): string {
  if (message.startsWith('Unexpected end of JSON input')) return ': it ends early';
  const at = /at position (\d+)/.exec(message)?.[1];
  return at === undefined ? ': a syntax error' : `: a syntax error at character ${at}`;
}

/**
 * The exchanges of a HAR 1.2 file (browser devtools, mitmproxy, Newman, k6), in the order they began: each entry's
 * request and answer as the proxy would have captured them. Throws HarFormatError naming the first thing wrong.
 */
export function harExchanges(text: string, file: string, maxBody: number): WireExchange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new HarFormatError(`${printable(file, 200)} is not JSON${jsonErrorPlace((error as Error).message)}`);
  }
  const log = isObject(parsed) ? parsed.log : undefined;
  if (!isObject(log) || !Array.isArray(log.entries)) throw new HarFormatError(`${printable(file, 200)} is not a HAR file: it has no log.entries list`);
  if (log.entries.length > harEntryLimit)
    throw new HarFormatError(`${printable(file, 200)} has ${log.entries.length} entries: at most ${harEntryLimit} are graded`);
  const exchanges = log.entries.map((entry, i) => {
    try {
      return exchangeOf(entry, i, maxBody);
    } catch (error) {
      if (error instanceof HarFormatError) throw new HarFormatError(`${printable(file, 200)}: ${error.message}`);
      throw error;
    }
  });
  return exchanges.sort((a, b) => a.startedAt - b.startedAt);
}
