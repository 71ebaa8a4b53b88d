import type { WireExchange } from './captured-exchange.js';

// The bytes of a batch of exchanges on their way to the grading thread: one buffer, transferred (not copied) by
// postMessage. A structured clone of the same exchanges cost the forwarding thread ~10 µs each (issue 26 profile:
// postMessage ~9% of the proxy's thread at full rate); this costs ~1-2 µs plus the body bytes. Strings are latin1:
// Node reads request lines and header lines as latin1, so every string here is one byte per character.

const flagRequestTruncated = 1;
const flagResponseTruncated = 2;
const flagTunnelled = 4;
const flagStatus = 8;
const flagError = 16;
const flagRequestCut = 32;

function stringsLength(strings: readonly string[]): number {
  let length = 4;
  for (const text of strings) length += 4 + text.length;
  return length;
}

function sizeOf(exchange: WireExchange): number {
  return (
    1 +
    2 +
    16 +
    stringsLength([exchange.method, exchange.url, exchange.error ?? '']) +
    stringsLength(exchange.requestHeaders) +
    stringsLength(exchange.responseHeaders) +
    8 +
    exchange.requestBody.length +
    exchange.responseBody.length
  );
}

class Writer {
  at = 0;
  constructor(readonly out: Buffer) {}

  strings(strings: readonly string[]): void {
    this.at = this.out.writeUInt32LE(strings.length, this.at);
    for (const text of strings) {
      this.at = this.out.writeUInt32LE(text.length, this.at);
      this.at += this.out.write(text, this.at, 'latin1');
    }
  }

  bytes(bytes: Buffer): void {
    this.at = this.out.writeUInt32LE(bytes.length, this.at);
    this.at += bytes.copy(this.out, this.at);
  }
}

/** One buffer holding the batch (its memory is its own: postMessage can transfer it). */
export function encodeExchanges(exchanges: readonly WireExchange[]): ArrayBuffer {
  let size = 4;
  for (const exchange of exchanges) size += sizeOf(exchange);
  const memory = new ArrayBuffer(size);
  const writer = new Writer(Buffer.from(memory));
  writer.at = writer.out.writeUInt32LE(exchanges.length, 0);
  for (const exchange of exchanges) {
    const flags =
      (exchange.requestTruncated ? flagRequestTruncated : 0) |
      (exchange.responseTruncated ? flagResponseTruncated : 0) |
      (exchange.tunnelled ? flagTunnelled : 0) |
      (exchange.status === undefined ? 0 : flagStatus) |
      (exchange.error === undefined ? 0 : flagError) |
      (exchange.requestCut ? flagRequestCut : 0);
    writer.at = writer.out.writeUInt8(flags, writer.at);
    writer.at = writer.out.writeUInt16LE(exchange.status ?? 0, writer.at);
    writer.at = writer.out.writeDoubleLE(exchange.startedAt, writer.at);
    writer.at = writer.out.writeDoubleLE(exchange.finishedAt, writer.at);
    writer.strings([exchange.method, exchange.url, exchange.error ?? '']);
    writer.strings(exchange.requestHeaders);
    writer.strings(exchange.responseHeaders);
    writer.bytes(exchange.requestBody);
    writer.bytes(exchange.responseBody);
  }
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
  const strings = (): string[] => {
    const out: string[] = [];
    for (let count = u32(); count > 0; count--) {
      const length = u32();
      out.push(input.toString('latin1', at, at + length));
      at += length;
    }
    return out;
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
    const [method, url, error] = strings() as [string, string, string];
    const requestHeaders = strings();
    const responseHeaders = strings();
    exchanges.push({
      method,
      url,
      requestHeaders,
      requestBody: bytes(),
      requestTruncated: (flags & flagRequestTruncated) !== 0,
      ...((flags & flagStatus) !== 0 ? { status } : {}),
      responseHeaders,
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
