import { Redactor } from '../targets/redact.js';
import { ANNOTATION_HEADER, sendHead } from './forward-exchange.js';
import type { AnswerWriter } from './forward-exchange.js';
import { GradingThread } from './grading-thread.js';
import type { GradingBounds, SessionGrading } from './grading-thread.js';
import { InlineGrading } from './inline-grading.js';
import type { AnswerMark } from './made-up-answer.js';
import { forwardUrl } from './session-url.js';
import type { GradedSession } from './session-reports.js';
import type { SessionHooks } from './session-hooks.js';
import { pick, RunningSession } from './running-session.js';
import { upstreamOf } from './upstream.js';

/** Options of a validating proxy. */
export interface ProxyOptions extends Partial<SessionHooks> {
  /** The target's origin, optionally with a base path (e.g. http://127.0.0.1:4001). */
  readonly target: string;
  /** Loopback port to listen on (0: a free one). */
  readonly port?: number;
  /** Loopback address to listen on: 127.0.0.1 (default) or ::1. */
  readonly host?: string;
  /** Add `x-conformance-violations` to each answer (grades on the proxy's thread before answering; off by default). */
  readonly annotate?: boolean;
  /** Bytes of each body kept for grading (default 1 MiB); longer bodies are forwarded whole and not graded. */
  readonly maxBodyBytes?: number;
  /** ms the target may stay silent while the proxy waits on it (default 30000); then the client gets a marked 504. */
  readonly timeoutMs?: number;
  /** How far grading may fall behind (default 5,000 exchanges, 64 MiB); past that exchanges are counted as not graded. */
  readonly grading?: GradingBounds;
  /** Body bytes held for all exchanges in flight (default 128 MiB); past that bodies pass through ungraded. */
  readonly captureBytes?: number;
  /**
   * Calls the history rules remember (default 10000): replays of an Idempotency-Key, read-after-write, filters and
   * the lifecycle are judged among the session's latest calls (rules/history-rules/).
   */
  readonly idempotencyKeys?: number;
}

/** A running proxy: its loopback URL, the session's counters and stop(). */
export interface RunningProxy extends GradedSession {
  readonly url: string;
  /** Idempotency-Keys the grader remembers (known after stop). */
  idempotencyKeys(): number;
  /** Stops accepting, lets exchanges in flight finish (up to graceMs), grades what was handed over. */
  stop(graceMs?: number, gradingMs?: number): Promise<void>;
}

export { ANNOTATION_HEADER };

/** How the proxy marks the answers it makes up. */
export const proxyMark: AnswerMark = { header: 'x-conformance-proxy', peer: 'target', kind: 'proxy' };

/**
 * Starts a validating proxy on loopback (issue 18, 26): every request goes to the target unchanged (method, path, body
 * bytes streamed, headers in order and case, trailers; only Host and the hop-by-hop headers of RFC 9110 §7.6.1 are
 * the proxy's own; Upgrade is tunnelled), every answer comes back unchanged, and each exchange is graded on a thread
 * of its own (--annotate: before answering).
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = forwardUrl('--target', options.target, 'the API origin, e.g. http://127.0.0.1:4001');
  const redactor = options.redactor ?? new Redactor();
  const idempotencyKeys = options.idempotencyKeys ?? 10_000;
  const inline = options.annotate ? new InlineGrading(redactor, options.onViolation, idempotencyKeys) : undefined;
  const grading: SessionGrading =
    inline ?? new GradingThread({ session: 'proxy', idempotencyKeys }, { redactor, ...pick(options, 'onViolation') }, options.grading);
  const upstream = upstreamOf(target);
  // --annotate grades before the answer goes out: the one mode that puts grading on the hot path, by request
  const annotate: AnswerWriter | undefined =
    inline &&
    ((res, head, body, exchange) => {
      const ids = [...new Set(inline.grade(exchange).map((violation) => violation.requirement))];
      sendHead(res, { ...head, headers: [...head.headers, ANNOTATION_HEADER, ids.length > 0 ? ids.join(', ') : 'none'] });
      res.end(body);
    });
  const session = await RunningSession.start({
    plan: {
      upstream,
      host: upstream.host,
      limit: options.maxBodyBytes ?? 1024 * 1024,
      timeoutMs: options.timeoutMs ?? 30_000,
      mark: proxyMark,
      ...(annotate ? { answer: annotate } : {}),
    },
    grading,
    redactor,
    ...pick(options, 'host', 'port', 'captureBytes', 'onExchange'),
  });
  return Object.assign(session, { idempotencyKeys: () => grading.idempotencyKeys });
}
