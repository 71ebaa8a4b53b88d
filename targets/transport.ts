import { isUtf8 } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import type { Exchange, ExchangeError, ExchangeRequest } from './exchange.js';
import type { RequestPool } from './origin-pool.js';
import { noteAnswerSize } from './memory-relief.js';
import type { Redactor } from './redact.js';
import { assertSendableHeaders } from './request-line.js';
import { maxJsonDepth, nestsDeeperThan } from './sanitize.js';
import { onAbort } from './on-abort.js';
import { parseAnswerJson } from './json-source.js';
import { AnswerCollector } from './answer-collector.js';
import type { WireOutcome } from './answer-collector.js';

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
export function timedSend(transport: Transport, id: number, prepared: Prepared, timeoutMs: number, callerSignal: AbortSignal | undefined): Promise<Exchange> {
  const start = performance.now();
  // the send time on the wall clock, to the microsecond (the monotonic clock from the process's start): the run's
  // history orders exchanges and deliveries by it, and two calls one after the other often fall in one millisecond
  const startedAt = performance.timeOrigin + start;
  const failure = (code: string, message: string): Exchange => ({
    ...failed(id, prepared.record, start, { code, message: transport.redactor.scrub(message) }),
    startedAt,
  });
  return new Promise<Exchange>((resolve) => {
    // one timer and no AbortController per request: the collector is stopped by the timer or the caller's signal
    // (AbortSignal.any and a second controller per request were a twentieth of the harness's CPU in the contract suites)
    let timedOut = false;
    let unsubscribe: (() => void) | undefined;
    const collector = new AnswerCollector(transport.maxBodyBytes, (outcome) => {
      clearTimeout(timer);
      unsubscribe?.();
      if (outcome.kind === 'answer') resolve(answered(id, prepared.record, outcome, start, startedAt, transport.maxBodyBytes));
      else if (outcome.kind === 'stopped') resolve(failure(timedOut ? 'TIMEOUT' : 'ABORTED', errorMessage(outcome.reason)));
      else resolve(failure(errorCode(outcome.error), errorMessage(outcome.error)));
    });
    const timer = setTimeout(() => {
      timedOut = true;
      collector.stop(new Error(`no complete response within ${timeoutMs} ms`));
    }, timeoutMs);
    if (callerSignal) unsubscribe = onAbort(callerSignal, () => collector.stop(abortReason(callerSignal)));
    // a call whose signal had aborted already is settled: nothing goes on the wire
    if (collector.settled) return;
    try {
      assertSendableHeaders(prepared.headers);
    } catch (error) {
      collector.onResponseError(undefined, error as Error);
      return;
    }
    transport.pool.dispatch(
      {
        method: prepared.record.method as 'GET',
        path: prepared.path,
        headers: prepared.headers,
        ...(prepared.body === undefined ? {} : { body: prepared.body }),
        // the timer above bounds the whole exchange; undici's own header and body timers (300 s) would only add a
        // timer per request
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      collector,
    );
  });
}

/** The caller's abort reason as an Error (its message is the exchange's), as undici's abort would give it. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : Object.assign(new Error(String(reason)), { cause: reason });
}

/** The exchange of a request that was answered: the body decoded and parsed, or the BODY_TOO_LARGE error. */
function answered(
  id: number,
  request: ExchangeRequest,
  answer: Extract<WireOutcome, { kind: 'answer' }>,
  start: number,
  startedAt: number,
  maxBodyBytes: number,
): Exchange {
  const { bytes } = answer;
  noteAnswerSize(bytes.length);
  const bodyText = bytes.toString('utf8');
  const error: ExchangeError | undefined = answer.tooLarge
    ? { code: 'BODY_TOO_LARGE', message: `response body exceeds ${maxBodyBytes} bytes; the rest was not read` }
    : undefined;
  // RFC 8259 §8.1: JSON exchanged between systems must be UTF-8; a lossy decode must not pass as valid JSON
  const notUtf8 = !error && !isUtf8(bytes) ? { jsonError: 'the body is not valid UTF-8 (JSON must be UTF-8: RFC 8259 §8.1)' } : undefined;
  return {
    id,
    request,
    status: answer.status,
    headers: answer.headers,
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
  if (nestsDeeperThan(text, maxJsonDepth)) return { jsonError: `the answer nests deeper than ${maxJsonDepth} levels` };
  try {
    return { json: parseAnswerJson(text) };
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
