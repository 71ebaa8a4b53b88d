import type { WireExchange } from './captured-exchange.js';

// The bytes of a batch of exchanges on their way to the grading thread: one buffer, transferred (not copied) by
// postMessage. A structured clone of the same exchanges cost the forwarding thread ~10 µs each (issue 26 profile:
// postMessage ~9% of the proxy's thread at full rate); this costs ~1-2 µs plus the body bytes. Strings are latin1:
// Node reads request lines and header lines as latin1, so every string here is one byte per character. An exchange's
// strings (method, url, error, then its header lines) go as one text and their lengths: one write (a call into C++)
// per exchange, not one per string (issue 26 profile).

const flagRequestTruncated = 1;
const flagResponseTruncated = 2;
const flagTunnelled = 4;
const flagStatus = 8;
const flagError = 16;
const flagRequestCut = 32;

/** flags (1), status (2), started and finished (8 + 8), request and answer header counts (4 + 4), text length (4). */
const fixedBytes = 31;

/** The exchange's strings in one text, in order: method, url, error, request headers, answer headers. */
function textOf(exchange: WireExchange): string {
  return exchange.method + exchange.url + (exchange.error ?? '') + exchange.requestHeaders.join('') + exchange.responseHeaders.join('');
}

function writeLengths(out: Buffer, at: number, strings: readonly string[]): number {
  for (const text of strings) at = out.writeUInt32LE(text.length, at);
  return at;
}

function writeBytes(out: Buffer, at: number, bytes: Buffer): number {
  at = out.writeUInt32LE(bytes.length, at);
  return at + bytes.copy(out, at);
}

/** One buffer holding the batch (its memory is its own: postMessage can transfer it). */
export function encodeExchanges(exchanges: readonly WireExchange[]): ArrayBuffer {
  const texts = exchanges.map(textOf);
  let size = 4;
  exchanges.forEach((exchange, i) => {
    const strings = 3 + exchange.requestHeaders.length + exchange.responseHeaders.length;
    size += fixedBytes + 4 * strings + (texts[i] as string).length + 8 + exchange.requestBody.length + exchange.responseBody.length;
  });
  // its own memory (never Buffer's shared pool, so it can be transferred), not zero-filled: every byte is written below
  const out = Buffer.allocUnsafeSlow(size);
  const memory = out.buffer as ArrayBuffer;
  let at = out.writeUInt32LE(exchanges.length, 0);
  exchanges.forEach((exchange, i) => {
    const text = texts[i] as string;
    const flags =
      (exchange.requestTruncated ? flagRequestTruncated : 0) |
      (exchange.responseTruncated ? flagResponseTruncated : 0) |
      (exchange.tunnelled ? flagTunnelled : 0) |
      (exchange.status === undefined ? 0 : flagStatus) |
      (exchange.error === undefined ? 0 : flagError) |
      (exchange.requestCut ? flagRequestCut : 0);
    at = out.writeUInt8(flags, at);
    at = out.writeUInt16LE(exchange.status ?? 0, at);
    at = out.writeDoubleLE(exchange.startedAt, at);
    at = out.writeDoubleLE(exchange.finishedAt, at);
    at = out.writeUInt32LE(exchange.requestHeaders.length, at);
    at = out.writeUInt32LE(exchange.responseHeaders.length, at);
    at = out.writeUInt32LE(text.length, at);
    at = writeLengths(out, at, [exchange.method, exchange.url, exchange.error ?? '']);
    at = writeLengths(out, at, exchange.requestHeaders);
    at = writeLengths(out, at, exchange.responseHeaders);
    at += out.write(text, at, 'latin1');
    at = writeBytes(out, at, exchange.requestBody);
    at = writeBytes(out, at, exchange.responseBody);
  });
  return memory;
}

/** The exchanges of a batch; their bodies are views into the batch's memory. */
export function decodeExchanges(memory: ArrayBuffer): WireExchange[] {
  const input = Buffer.from(memory);
  let at = 0;
  const u32 = (): number => {
    const value = input.readUInt32LE(at);
    at += 4;
    return value;
  };
  const bytes = (): Buffer => {
    const length = u32();
    at += length;
    return input.subarray(at - length, at);
  };
  const exchanges: WireExchange[] = [];
  for (let count = u32(); count > 0; count--) {
    const flags = input.readUInt8(at);
    const status = input.readUInt16LE(at + 1);
    const startedAt = input.readDoubleLE(at + 3);
    const finishedAt = input.readDoubleLE(at + 11);
    at += 19;
    const requestCount = u32();
    const responseCount = u32();
    const textLength = u32();
    const lengths: number[] = [];
    for (let n = 3 + requestCount + responseCount; n > 0; n--) lengths.push(u32());
    const text = input.toString('latin1', at, at + textLength);
    at += textLength;
    const strings: string[] = [];
    let from = 0;
    for (const length of lengths) {
      strings.push(text.slice(from, from + length));
      from += length;
    }
    const [method, url, error] = strings as [string, string, string];
    exchanges.push({
      method,
      url,
      requestHeaders: strings.slice(3, 3 + requestCount),
      requestBody: bytes(),
      requestTruncated: (flags & flagRequestTruncated) !== 0,
      ...((flags & flagStatus) !== 0 ? { status } : {}),
      responseHeaders: strings.slice(3 + requestCount),
      responseBody: bytes(),
      responseTruncated: (flags & flagResponseTruncated) !== 0,
      startedAt,
      finishedAt,
      ...((flags & flagError) !== 0 ? { error } : {}),
      ...((flags & flagTunnelled) !== 0 ? { tunnelled: true } : {}),
      ...((flags & flagRequestCut) !== 0 ? { requestCut: true } : {}),
    });
  }
  return exchanges;
}
