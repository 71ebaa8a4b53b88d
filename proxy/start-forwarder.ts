import { DEFAULT_TOLERANCE_SECONDS } from '../receiver/schemes/index.js';
import type { SchemeName } from '../receiver/schemes/index.js';
import { Redactor } from '../targets/redact.js';
import { GradingThread } from './grading-thread.js';
import type { GradingBounds } from './grading-thread.js';
import type { AnswerMark } from './made-up-answer.js';
import type { GradedSession } from './session-reports.js';
import type { SessionHooks } from './session-hooks.js';
import { loopbackForwardUrl } from './session-url.js';
import { pick, RunningSession } from './running-session.js';
import { upstreamOf } from './upstream.js';

/** Options of a webhook forwarder. */
export interface ForwarderOptions extends Partial<SessionHooks> {
  /** The user's own webhook endpoint: a loopback http URL (origin and optional base path; the delivery's path is appended). */
  readonly forward: string;
  readonly port?: number;
  readonly host?: string;
  /** The signature scheme (default service: Service-Signature, DESIGN.md §4). */
  readonly scheme?: SchemeName;
  /** The service scheme's signature header, when the target names it otherwise (spec §5.3 names it only "here"). */
  readonly signatureHeader?: string;
  /** The webhook signing secrets; without any, signatures are not verified (payloads are still graded). */
  readonly secrets?: readonly string[];
  /** Allowed clock skew of timestamped schemes, seconds (default 300). */
  readonly toleranceSeconds?: number;
  /** Bytes of each delivery kept for grading (default 1 MiB): a longer one is forwarded whole and not graded. */
  readonly maxBodyBytes?: number;
  /** ms the endpoint may stay silent while the forwarder waits on it (default 10000); then the target gets a marked 504. */
  readonly timeoutMs?: number;
  /** How far grading may fall behind (default 5,000 deliveries, 64 MiB); past that deliveries are counted as not graded. */
  readonly grading?: GradingBounds;
}

/** A running forwarder: its loopback URL (the target's webhook URL maps to it), its counters and stop(). */
export interface RunningForwarder extends GradedSession {
  readonly url: string;
  /** Verifies later deliveries with this secret too (e.g. one a create or rotate answer just returned). */
  addSecret(secret: string): void;
  stop(graceMs?: number, gradingMs?: number): Promise<void>;
}

/** How the forwarder marks the answers it makes up. */
export const forwarderMark: AnswerMark = { header: 'x-conformance-forwarder', peer: 'endpoint', kind: 'forwarder' };

/**
 * Starts a webhook forwarder on loopback (issue 18, 26): each delivery a target sends is passed on unchanged (same
 * bytes, same headers in order, Host included; only hop-by-hop headers are the forwarder's own) to the user's
 * endpoint, whose answer (status, headers, body) goes back to the target; the delivery is graded on a thread of its
 * own. The forwarding path is the proxy's (forward-exchange.ts): the same retries, timeouts, limits and marks.
 */
export async function startForwarder(options: ForwarderOptions): Promise<RunningForwarder> {
  const endpoint = loopbackForwardUrl(options.forward);
  const redactor = options.redactor ?? new Redactor();
  const secrets = [...(options.secrets ?? [])];
  for (const secret of secrets) redactor.addSecret(secret);
  const delivery = {
    scheme: options.scheme ?? 'service',
    ...(options.signatureHeader === undefined ? {} : { headerName: options.signatureHeader }),
    secrets,
    toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  };
  const grading = new GradingThread({ session: 'forwarder', delivery }, { redactor, ...pick(options, 'onViolation') }, options.grading);
  const session = await RunningSession.start({
    plan: { upstream: upstreamOf(endpoint), limit: options.maxBodyBytes ?? 1024 * 1024, timeoutMs: options.timeoutMs ?? 10_000, mark: forwarderMark },
    grading,
    redactor,
    ...pick(options, 'host', 'port', 'onExchange'),
  });
  return Object.assign(session, {
    addSecret(secret: string) {
      redactor.addSecret(secret);
      grading.addSecret(secret);
    },
  });
}
