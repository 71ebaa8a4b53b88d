import type { ClientRequest, IncomingMessage, RequestOptions, ServerResponse } from 'node:http';
import { BodyTap } from './body-tap.js';
import { headerRecord } from './captured-exchange.js';
import type { CapturedExchange } from './captured-exchange.js';
import { passHeaders } from './hop-headers.js';

/** The header --annotate adds: the requirement ids the exchange broke, "none", or "ungraded". */
export const ANNOTATION_HEADER = 'x-conformance-violations';

/** How one exchange is forwarded: where, with what limits, and what happens with the captured exchange. */
export interface ForwardPlan {
  /** Opens the request to the target (http or https request with the target's agent). */
  readonly open: (options: RequestOptions) => ClientRequest;
  /** The request options besides method, path and headers (host, port, agent ...). */
  readonly options: RequestOptions;
  readonly basePath: string;
  /** The Host header the target expects. */
  readonly host: string;
  readonly limit: number;
  /** ms the target may stay silent (before its answer, and between chunks of it). */
  readonly timeoutMs: number;
  /** Sends the answer head: the plain proxy sends it as is; --annotate waits for the body and adds a header. */
  readonly answer?: AnswerWriter;
  /** Receives each complete exchange, exactly once; `graded` when --annotate graded it already. */
  readonly done: (exchange: CapturedExchange, graded: boolean) => void;
}

/** Writes an answer to the client given its head and the whole captured body (--annotate). */
export type AnswerWriter = (res: ServerResponse, head: AnswerHead, body: Buffer, exchange: CapturedExchange) => void;

/** Status, message and the headers to pass on. */
export interface AnswerHead {
  readonly status: number;
  readonly message: string | undefined;
  readonly headers: string[];
}

/** Forwards one request unchanged and streams the answer back, keeping the first `limit` bytes of each body. */
export function forwardExchange(req: IncomingMessage, res: ServerResponse, plan: ForwardPlan): void {
  const startedAt = Date.now();
  const requestTap = new BodyTap(plan.limit);
  const answerTap = new BodyTap(plan.limit);
  let settled = false;
  let answer: IncomingMessage | undefined;
  const captured = (error?: string): CapturedExchange => ({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    requestHeaders: headerRecord(req.rawHeaders),
    requestBody: requestTap.bytes(),
    requestTruncated: requestTap.truncated,
    ...(answer === undefined || error !== undefined ? {} : { status: answer.statusCode ?? 0 }),
    responseHeaders: headerRecord(answer?.rawHeaders ?? []),
    responseBody: answerTap.bytes(),
    responseTruncated: answerTap.truncated,
    startedAt,
    finishedAt: Date.now(),
    ...(error === undefined ? {} : { error }),
  });
  const complete = (error?: string, write?: (exchange: CapturedExchange) => void): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    const exchange = captured(error);
    write?.(exchange);
    plan.done(exchange, write !== undefined);
  };
  const upstream = plan.open({
    ...plan.options,
    method: req.method,
    path: `${plan.basePath}${req.url ?? '/'}`,
    headers: passHeaders(req.rawHeaders, { host: plan.host }),
    setHost: false,
  });
  const silence = (): void => {
    upstream.destroy(Object.assign(new Error(`the target was silent for ${plan.timeoutMs} ms`), { code: 'TIMEOUT' }));
  };
  let timer = setTimeout(silence, plan.timeoutMs);
  const stillTalking = (): void => {
    clearTimeout(timer);
    timer = setTimeout(silence, plan.timeoutMs);
  };
  upstream.on('response', (incoming) => {
    answer = incoming;
    stillTalking();
    const head: AnswerHead = { status: incoming.statusCode ?? 502, message: incoming.statusMessage, headers: passHeaders(incoming.rawHeaders) };
    const writer = plan.answer;
    const held: Buffer[] = [];
    let streaming = writer === undefined;
    if (streaming) {
      res.writeHead(head.status, head.message, head.headers);
      incoming.pipe(res);
    }
    incoming.on('data', (chunk: Buffer) => {
      stillTalking();
      answerTap.push(chunk);
      if (streaming) return;
      held.push(chunk);
      if (!answerTap.truncated) return;
      // --annotate past the capture limit: nothing to grade, so the held part goes out and the rest streams
      streaming = true;
      res.writeHead(head.status, head.message, [...head.headers, ANNOTATION_HEADER, 'ungraded']);
      for (const part of held.splice(0)) res.write(part);
      incoming.pipe(res);
    });
    incoming.on('error', () => res.destroy());
    incoming.once('end', () => {
      if (streaming || writer === undefined) complete();
      else complete(undefined, (exchange) => writer(res, head, Buffer.concat(held), exchange));
    });
    res.on('close', () => {
      if (incoming.complete) return;
      incoming.destroy();
      complete('CLIENT_GONE');
    });
  });
  upstream.on('error', (error: Error & { code?: string }) => {
    const code = error.code ?? 'UPSTREAM_ERROR';
    if (!res.headersSent) {
      // the proxy's own answer, marked so nobody takes it for the target's: the target gave none
      res.writeHead(code === 'TIMEOUT' ? 504 : 502, { 'content-type': 'application/json', 'x-conformance-proxy': 'no-answer-from-target' });
      res.end(JSON.stringify({ error: 'proxy_no_answer', message: `the proxy got no answer from the target: ${code}` }));
    } else {
      res.destroy();
    }
    complete(code);
  });
  req.on('data', (chunk: Buffer) => requestTap.push(chunk));
  req.on('error', () => upstream.destroy());
  req.on('close', () => {
    if (!req.complete) upstream.destroy();
  });
  res.on('error', () => undefined);
  req.pipe(upstream);
}
