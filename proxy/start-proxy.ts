import { Agent as HttpAgent, createServer, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Redactor } from '../targets/redact.js';
import type { CapturedExchange } from './captured-exchange.js';
import { ExchangeGrader } from './exchange-grader.js';
import { ANNOTATION_HEADER, forwardExchange } from './forward-exchange.js';
import type { AnswerWriter } from './forward-exchange.js';
import { GradingQueue } from './grading-queue.js';
import { closeServer, listenLoopback } from './loopback-listen.js';
import { HarnessError } from '../targets/harness-error.js';
import type { GradedSession } from './session-reports.js';
import type { SessionHooks } from './session-hooks.js';

/** Options of a validating proxy. */
export interface ProxyOptions extends Partial<SessionHooks> {
  /** The target's origin, optionally with a base path (e.g. http://127.0.0.1:4001). */
  readonly target: string;
  /** Loopback port to listen on (0: a free one). */
  readonly port?: number;
  /** Loopback address to listen on: 127.0.0.1 (default) or ::1. */
  readonly host?: string;
  /** Add `x-conformance-violations` to each answer (buffers the answer to grade it first; off by default). */
  readonly annotate?: boolean;
  /** Bytes of each body kept for grading (default 1 MiB); longer bodies are forwarded whole and not graded. */
  readonly maxBodyBytes?: number;
  /** ms the target may stay silent before and during its answer (default 30000); then the client gets 504. */
  readonly timeoutMs?: number;
  /** Exchanges waiting to be graded (default 2000) and their bytes (default 64 MiB); past that they are dropped. */
  readonly queueItems?: number;
  readonly queueBytes?: number;
  /** Idempotency-Keys remembered for replay grading (default 10000). */
  readonly idempotencyKeys?: number;
}

/** A running proxy: its loopback URL, the grader (counters of the session) and stop(). */
export interface RunningProxy extends GradedSession {
  readonly url: string;
  readonly grader: ExchangeGrader;
  /** Stops accepting, lets exchanges in flight finish (up to graceMs), grades what is queued. */
  stop(graceMs?: number): Promise<void>;
}

export { ANNOTATION_HEADER };

/**
 * Starts a validating proxy on loopback (issue 18): every request goes to the target unchanged (method, path, body
 * bytes streamed, headers in order and case; only Host and the hop-by-hop headers of RFC 9110 §7.6.1 are the
 * proxy's own), every answer comes back unchanged, and each exchange is graded afterwards, off the hot path.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = parseTarget(options.target);
  const redactor = options.redactor ?? new Redactor();
  const grader = new ExchangeGrader(redactor, options.onViolation, options.idempotencyKeys);
  const queue = new GradingQueue<CapturedExchange>((exchange) => grader.grade(exchange), {
    maxItems: options.queueItems ?? 2000,
    maxBytes: options.queueBytes ?? 64 * 1024 * 1024,
  });
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 256 }) : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  let completed = 0;
  // --annotate grades before the answer goes out: the one mode that puts grading on the hot path, by request
  const annotate: AnswerWriter = (res, head, body, exchange) => {
    const ids = [...new Set(grader.grade(exchange).map((violation) => violation.requirement))];
    res.writeHead(head.status, head.message, [...head.headers, ANNOTATION_HEADER, ids.length > 0 ? ids.join(', ') : 'none']);
    res.end(body);
  };
  const plan = {
    open: secure ? httpsRequest : httpRequest,
    options: { protocol: target.protocol, hostname: target.hostname.replace(/^\[|\]$/g, ''), port: target.port || (secure ? 443 : 80), agent },
    basePath: target.pathname.replace(/\/+$/, ''),
    host: target.host,
    limit: options.maxBodyBytes ?? 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.annotate ? { answer: annotate } : {}),
    done: (exchange: CapturedExchange, graded: boolean) => {
      completed += 1;
      if (!graded) queue.push(exchange, exchange.requestBody.length + exchange.responseBody.length);
      options.onExchange?.(completed);
    },
  };
  const server = createServer({ requestTimeout: 0, headersTimeout: 60_000, keepAliveTimeout: 5_000 }, (req, res) => forwardExchange(req, res, plan));
  const url = await listenLoopback(server, options.host, options.port ?? 0);
  return {
    url,
    grader,
    tally: grader.tally,
    redactor,
    dropped: () => queue.dropped,
    async stop(graceMs = 5_000) {
      await closeServer(server, graceMs);
      agent.destroy();
      queue.flush();
    },
  };
}

/** The target URL, checked: http or https, no credentials in it (they would reach reports). */
function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HarnessError('BAD_TARGET', `--target "${text}" is not a URL: give the API origin, e.g. http://127.0.0.1:4001`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HarnessError('BAD_TARGET', `--target must be http:// or https://, got ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    throw new HarnessError('BAD_TARGET', '--target must not carry user:password@; the client sends its own credentials');
  if (url.search !== '' || url.hash !== '')
    throw new HarnessError('BAD_TARGET', '--target is an origin (optionally with a base path), without ?query or #fragment');
  return url;
}
