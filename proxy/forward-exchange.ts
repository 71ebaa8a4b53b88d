import type { ClientRequest, IncomingMessage, OutgoingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { BodyTap } from './body-tap.js';
import type { CaptureBudget } from './capture-budget.js';
import type { WireExchange } from './captured-exchange.js';
import { passHeaders, upgradeOf } from './hop-headers.js';
import { madeUpAnswer } from './made-up-answer.js';
import type { AnswerMark } from './made-up-answer.js';
import { isReplayable, mayRetry } from './retry-policy.js';
import { openTunnel } from './upgrade-tunnel.js';
import type { TunnelEnd } from './upgrade-tunnel.js';
import type { Upstream } from './upstream.js';

/** The header --annotate adds: the requirement ids the exchange broke, "none", or "ungraded". */
export const ANNOTATION_HEADER = 'x-conformance-violations';

/** How exchanges are forwarded: where, with what limits, and what happens with each captured exchange. */
export interface ForwardPlan {
  readonly upstream: Upstream;
  /** Replaces the Host header (the proxy names its target); undefined keeps the client's (the forwarder). */
  readonly host?: string;
  /** Bytes of each body kept for grading and for a retry. */
  readonly limit: number;
  readonly budget: CaptureBudget;
  /** ms the target may stay silent while the session waits on it (connecting, taking the body, answering). */
  readonly timeoutMs: number;
  readonly mark: AnswerMark;
  /** Sends the answer once it is whole (--annotate: graded first, a header added); the plain path streams it. */
  readonly answer?: AnswerWriter;
  /** Receives each complete exchange, exactly once; `graded` when --annotate graded it already. */
  readonly done: (exchange: WireExchange, graded: boolean) => void;
}

/** Writes an answer to the client given its head and the whole captured body (--annotate). */
export type AnswerWriter = (res: ServerResponse, head: AnswerHead, body: Buffer, exchange: WireExchange) => void;

/** Status, message and the headers to pass on. */
export interface AnswerHead {
  readonly status: number;
  readonly message: string | undefined;
  readonly headers: string[];
}

type FailedRequest = Error & { code?: string };
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function failure(code: string, message: string): FailedRequest {
  return Object.assign(new Error(message), { code });
}

/** Writes a head; a Trailer header on a message that is not chunked (which Node refuses to send) is dropped. */
export function sendHead(res: ServerResponse, head: AnswerHead): void {
  try {
    res.writeHead(head.status, head.message, head.headers);
  } catch (error) {
    if ((error as FailedRequest).code !== 'ERR_HTTP_TRAILER_INVALID') throw error;
    res.writeHead(head.status, head.message, withoutTrailerHeader(head.headers));
  }
}

function withoutTrailerHeader(headers: readonly string[]): string[] {
  return headers.filter((_, i) => (headers[i - (i % 2)] as string).toLowerCase() !== 'trailer');
}

/** Sends the trailer section that came with a message (RFC 9110 §6.5) on the message going out. */
function passTrailers(out: OutgoingMessage, rawTrailers: readonly string[]): void {
  if (rawTrailers.length === 0) return;
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawTrailers.length; i += 2) pairs.push([rawTrailers[i] as string, rawTrailers[i + 1] as string]);
  out.addTrailers(pairs);
}

/**
 * The time now in ms since the epoch, to the microsecond (as the harness stamps its own calls, targets/transport.ts).
 * Whole milliseconds are too coarse for the history rules: a GET that arrives in the millisecond the PUT's answer
 * ended would not be "started after" it (rules/model/webhook-model.ts), and a read-after-write went unjudged (issue 26).
 */
function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Forwards one exchange unchanged (issue 18, 26): the request's body streams to the target as it arrives and the
 * answer streams back, trailers included, each body's first `limit` bytes kept. The target's silence is timed only
 * while the session waits on it. A request that fails on a reused connection before any byte of the answer is sent
 * once more on a fresh one when that is safe (retry-policy.ts). Whatever the session answers itself is marked.
 */
export function forwardExchange(req: IncomingMessage, res: ServerResponse, plan: ForwardPlan, tunnel?: TunnelEnd): void {
  new ForwardedExchange(req, res, plan, tunnel).start();
}

// One exchange in flight. A class, not closures: one is made per request, and its methods are made once.
class ForwardedExchange {
  private readonly startedAt = preciseNow();
  private readonly method: string;
  private readonly requestTap: BodyTap;
  private readonly answerTap: BodyTap;
  private readonly headers: string[];
  private readonly replayable: boolean;
  private current: ClientRequest | undefined;
  private writing = false;
  private wrote = false;
  private readBefore = 0;
  private retried = false;
  // an Upgrade request has no body: what follows its head belongs to the protocol it asks for
  private requestEnded: boolean;
  private answer: IncomingMessage | undefined;
  private tunnelled = false;
  private settled = false;
  // one timer, re-armed: it runs only while the session waits on the target, never while it waits on the client
  private waitingOnTarget = true;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly plan: ForwardPlan,
    private readonly tunnel: TunnelEnd | undefined,
  ) {
    this.method = req.method ?? 'GET';
    this.requestTap = new BodyTap(plan.limit, plan.budget);
    this.answerTap = new BodyTap(plan.limit, plan.budget);
    this.headers = passHeaders(req.rawHeaders, plan.host);
    const upgrade = tunnel === undefined ? undefined : upgradeOf(req.rawHeaders);
    if (upgrade !== undefined) this.headers.push('Connection', 'Upgrade', 'Upgrade', upgrade);
    this.replayable = isReplayable(this.method, req.rawHeaders);
    this.requestEnded = tunnel !== undefined;
    this.timer = setTimeout(() => this.silent(), plan.timeoutMs);
  }

  start(): void {
    const { req, res } = this;
    if (this.tunnel === undefined) {
      req.on('data', (chunk: Buffer) => this.requestChunk(chunk));
      req.pause();
      req.once('end', () => {
        this.requestEnded = true;
        if (this.writing && this.current !== undefined) this.endRequest(this.current);
      });
    }
    req.on('error', () => this.current?.destroy());
    res.on('error', () => undefined);
    res.on('close', () => {
      if (this.settled) return;
      this.current?.destroy();
      this.current = undefined;
      this.complete('CLIENT_GONE');
    });
    this.attempt(false);
  }

  private watchTarget(): void {
    this.waitingOnTarget = true;
    this.timer.refresh();
  }

  private silent(): void {
    if (this.waitingOnTarget && !this.settled) this.current?.destroy(failure('TIMEOUT', `the ${this.plan.mark.peer} was silent for ${this.plan.timeoutMs} ms`));
  }

  private captured(error?: string): WireExchange {
    const { req, answer } = this;
    // one shape, the optional fields set only when present (no spreads: this runs once per exchange)
    const exchange: Mutable<WireExchange> = {
      method: this.method,
      url: req.url ?? '/',
      requestHeaders: req.rawHeaders,
      requestBody: this.requestTap.bytes(),
      requestTruncated: this.requestTap.truncated,
      responseHeaders: answer?.rawHeaders ?? [],
      responseBody: this.answerTap.bytes(),
      responseTruncated: this.answerTap.truncated,
      startedAt: this.startedAt,
      finishedAt: preciseNow(),
    };
    if (answer !== undefined && error === undefined) exchange.status = answer.statusCode ?? 0;
    if (error !== undefined) exchange.error = error;
    if (this.tunnelled) exchange.tunnelled = true;
    if (!this.requestEnded) exchange.requestCut = true;
    return exchange;
  }

  private complete(error?: string, write?: (exchange: WireExchange) => void): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const exchange = this.captured(error);
    write?.(exchange);
    this.plan.done(exchange, write !== undefined);
    this.requestTap.release();
    this.answerTap.release();
  }

  private fail(code: string): void {
    const { res, plan } = this;
    if (!res.headersSent && !this.tunnelled) {
      // the session's own answer, marked so nobody takes it for the target's: the target gave none
      madeUpAnswer(res, plan.mark, code === 'TIMEOUT' ? 504 : 502, 'no-answer', `the ${plan.mark.kind} got no answer from the ${plan.mark.peer}: ${code}`);
    } else {
      res.destroy();
    }
    this.complete(code);
  }

  private requestChunk(chunk: Buffer): void {
    this.requestTap.push(chunk);
    const upstream = this.current;
    if (!this.writing || upstream === undefined) return void this.req.pause();
    this.wrote = true;
    if (upstream.write(chunk)) return;
    this.req.pause();
    this.watchTarget();
    upstream.once('drain', () => {
      if (upstream !== this.current || this.requestEnded) return;
      this.waitingOnTarget = false;
      this.req.resume();
    });
  }

  private endRequest(upstream: ClientRequest): void {
    this.wrote = true;
    passTrailers(upstream, this.req.rawTrailers);
    upstream.end();
  }

  private attempt(fresh: boolean): void {
    let upstream: ClientRequest;
    try {
      upstream = this.plan.upstream.open(this.method, `${this.plan.upstream.basePath}${this.req.url ?? '/'}`, this.headers, fresh);
    } catch (error) {
      // Node refuses to send some heads its own parser accepted (a Trailer header on a request that is not chunked)
      this.current = undefined;
      this.fail((error as FailedRequest).code ?? 'REQUEST_REFUSED');
      return;
    }
    this.current = upstream;
    this.writing = false;
    this.wrote = false;
    this.watchTarget();
    upstream.on('socket', (socket: Socket) => {
      this.readBefore = socket.bytesRead;
      // a request that must not go twice waits one turn of the event loop on a pooled connection, so a close the
      // target sent before it is read first (the connection is then seen closed and the request goes on a fresh one)
      if (upstream.reusedSocket && !this.replayable) setImmediate(() => setImmediate(() => this.begin(upstream, socket)));
      else this.begin(upstream, socket);
    });
    upstream.on('finish', () => upstream === this.current && this.watchTarget());
    upstream.on('response', (incoming: IncomingMessage) => upstream === this.current && !this.settled && this.onAnswer(upstream, incoming));
    if (this.tunnel !== undefined) {
      const tunnel = this.tunnel;
      upstream.on('upgrade', (incoming: IncomingMessage, upstreamSocket: Duplex, upstreamHead: Buffer) => {
        if (upstream !== this.current || this.settled) return void upstreamSocket.destroy();
        this.answer = incoming;
        this.tunnelled = true;
        openTunnel(tunnel, incoming, upstreamSocket, upstreamHead);
        this.complete();
      });
    }
    upstream.on('error', (error: FailedRequest) => this.onError(upstream, error));
  }

  private begin(upstream: ClientRequest, socket: Socket): void {
    if (upstream !== this.current || this.settled) return;
    // a pooled connection the target has already closed: nothing was written, so any request may go again
    if (upstream.reusedSocket && (socket.destroyed || socket.readableEnded || !socket.writable)) {
      upstream.destroy(failure('STALE_CONNECTION', 'the kept-alive connection was closed by its peer'));
      return;
    }
    this.writing = true;
    for (const chunk of this.requestTap.chunks) {
      this.wrote = true;
      upstream.write(chunk);
    }
    if (this.requestEnded) return this.endRequest(upstream);
    if (!socket.connecting) this.waitingOnTarget = false;
    else socket.once('connect', () => upstream === this.current && !this.requestEnded && (this.waitingOnTarget = false));
    this.req.resume();
  }

  private onError(upstream: ClientRequest, error: FailedRequest): void {
    if (upstream !== this.current || this.settled) return;
    const socket = upstream.socket;
    const failed = {
      code: error.code,
      reused: upstream.reusedSocket,
      wrote: this.wrote,
      answered: this.answer !== undefined || (socket !== null && socket.bytesRead > this.readBefore),
      bodyKept: !this.requestTap.truncated,
    };
    if (!this.retried && mayRetry(failed, this.replayable)) {
      this.retried = true;
      this.req.pause();
      this.attempt(true);
      return;
    }
    this.fail(error.code ?? 'UPSTREAM_ERROR');
  }

  private onAnswer(upstream: ClientRequest, incoming: IncomingMessage): void {
    const { res, answerTap } = this;
    this.answer = incoming;
    this.watchTarget();
    const head: AnswerHead = { status: incoming.statusCode ?? 502, message: incoming.statusMessage, headers: passHeaders(incoming.rawHeaders) };
    const writer = this.plan.answer;
    const held: Buffer[] = [];
    let streaming = writer === undefined;
    if (streaming) sendHead(res, head);
    incoming.on('data', (chunk: Buffer) => {
      answerTap.push(chunk);
      this.watchTarget();
      if (!streaming) {
        held.push(chunk);
        if (!answerTap.truncated) return;
        // --annotate past the capture limit: nothing to grade, so the held part goes out and the rest streams
        streaming = true;
        sendHead(res, { ...head, headers: [...head.headers, ANNOTATION_HEADER, 'ungraded'] });
        chunk = Buffer.concat(held.splice(0));
      }
      if (res.write(chunk)) return;
      // the client reads slowly: that is not the target's silence
      incoming.pause();
      this.waitingOnTarget = false;
      res.once('drain', () => {
        this.watchTarget();
        incoming.resume();
      });
    });
    incoming.once('end', () => {
      if (upstream !== this.current || this.settled) return;
      passTrailers(res, incoming.rawTrailers);
      if (streaming || writer === undefined) {
        res.end();
        this.complete();
      } else {
        this.complete(undefined, (exchange) => writer(res, head, Buffer.concat(held), exchange));
      }
    });
    incoming.on('error', () => this.fail('ANSWER_CUT'));
  }
}
