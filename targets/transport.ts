import { isUtf8 } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import type { Exchange, ExchangeError, ExchangeRequest } from './exchange.js';
import type { RequestPool } from './origin-pool.js';
import { noteAnswerSize } from './memory-relief.js';
import type { Redactor } from './redact.js';
import { assertSendableHeaders } from './request-line.js';
import { jsonDepth, maxJsonDepth } from './sanitize.js';
import { onAbort } from './on-abort.js';
import { untilAborted } from './until-aborted.js';

/** What the transport needs of the client: its connection pool, body limit and redactor. */
export interface Transport {
  readonly pool: RequestPool;
  readonly maxBodyBytes: number;
  readonly redactor: Redactor;
}

/** A request ready for the wire: the recorded form, the path with query, headers and body. */
export interface Prepared {
  readonly record: ExchangeRequest;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
}

/** Hands the request to the transport with its timeout (which starts here) and turns every failure into an Exchange. */
export async function timedSend(
  transport: Transport,
  id: number,
  prepared: Prepared,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): Promise<Exchange> {
  // one controller per request, aborted by the timer or the caller's signal: AbortSignal.any and a second controller
  // per request were a twentieth of the harness's CPU time in the contract suites (bench: harness)
  const controller = new AbortController();
  let timedOut = false;
  const start = performance.now();
  // the send time on the wall clock, to the microsecond (the monotonic clock from the process's start): the run's
  // history orders exchanges and deliveries by it, and two calls one after the other often fall in one millisecond
  const startedAt = performance.timeOrigin + start;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no complete response within ${timeoutMs} ms`));
  }, timeoutMs);
  const unsubscribe = callerSignal ? onAbort(callerSignal, () => controller.abort(callerSignal.reason)) : undefined;
  try {
    return await send(transport, id, prepared, controller.signal, start, startedAt);
  } catch (error) {
    const code = timedOut ? 'TIMEOUT' : controller.signal.aborted ? 'ABORTED' : errorCode(error);
    const message = timedOut ? String((controller.signal.reason as Error).message) : errorMessage(error);
    return { ...failed(id, prepared.record, start, { code, message: transport.redactor.scrub(message) }), startedAt };
  } finally {
    clearTimeout(timer);
    unsubscribe?.();
  }
}

async function send(transport: Transport, id: number, prepared: Prepared, signal: AbortSignal, start: number, startedAt: number): Promise<Exchange> {
  assertSendableHeaders(prepared.headers);
  const pending = transport.pool.request({
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
    if (size > transport.maxBodyBytes) {
      response.body.destroy();
      error = { code: 'BODY_TOO_LARGE', message: `response body exceeds ${transport.maxBodyBytes} bytes; the rest was not read` };
      chunks.push(buffer.subarray(0, buffer.length - (size - transport.maxBodyBytes)));
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
    startedAt,
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

export function failed(id: number, request: ExchangeRequest, start: number, error: ExchangeError): Exchange {
  return { id, request, headers: {}, bodyText: '', durationMs: performance.now() - start, startedAt: performance.timeOrigin + start, error };
}

function errorCode(error: unknown): string {
  const candidate = error as { code?: unknown; cause?: { code?: unknown }; name?: unknown };
  if (typeof candidate?.code === 'string') return candidate.code;
  if (typeof candidate?.cause?.code === 'string') return candidate.cause.code;
  return typeof candidate?.name === 'string' ? candidate.name : 'NETWORK_ERROR';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
