import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../receiver/read-body.js';
import { DEFAULT_TOLERANCE_SECONDS, serviceScheme } from '../receiver/schemes/index.js';
import type { SignatureScheme } from '../receiver/schemes/index.js';
import { isLoopbackUrl } from '../targets/loopback.js';
import { Redactor } from '../targets/redact.js';
import { gradeDelivery } from '../rules/index.js';
import type { DeliveryVerification } from '../rules/index.js';
import { passHeaders } from './hop-headers.js';
import { closeServer, listenLoopback } from './loopback-listen.js';
import { printable } from './printable.js';
import { HarnessError } from '../targets/harness-error.js';
import type { GradedSession } from './session-reports.js';
import { SessionTally } from './session-tally.js';
import type { SessionHooks } from './session-hooks.js';

/** Options of a webhook forwarder. */
export interface ForwarderOptions extends Partial<SessionHooks> {
  /** The user's own webhook endpoint: a loopback http URL (origin and optional base path; the delivery's path is appended). */
  readonly forward: string;
  readonly port?: number;
  readonly host?: string;
  /** The signature scheme (default service: Service-Signature, DESIGN.md §4). */
  readonly scheme?: SignatureScheme;
  /** The webhook signing secrets; without any, signatures are not verified (payloads are still graded). */
  readonly secrets?: readonly string[];
  /** Allowed clock skew of timestamped schemes, seconds (default 300). */
  readonly toleranceSeconds?: number;
  /** Largest delivery body (default 1 MiB): a larger one is answered 413 and not forwarded. */
  readonly maxBodyBytes?: number;
  /** ms the endpoint may take to answer (default 10000); then the target gets 504. */
  readonly timeoutMs?: number;
}

/** A running forwarder: its loopback URL (the target's webhook URL maps to it), its counters and stop(). */
export interface RunningForwarder extends GradedSession {
  readonly url: string;
  /** Verifies later deliveries with this secret too (e.g. one a create or rotate answer just returned). */
  addSecret(secret: string): void;
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts a webhook forwarder on loopback (issue 18): each delivery a target sends is passed on unchanged (same
 * bytes, same headers in order, Host included; only hop-by-hop headers are the forwarder's own) to the user's
 * endpoint, whose answer (status, headers, body) goes back to the target; the delivery is graded after that.
 */
export async function startForwarder(options: ForwarderOptions): Promise<RunningForwarder> {
  const endpoint = loopbackEndpoint(options.forward);
  const redactor = options.redactor ?? new Redactor();
  const secrets = [...(options.secrets ?? [])];
  for (const secret of secrets) redactor.addSecret(secret);
  const verification: DeliveryVerification = {
    scheme: options.scheme ?? serviceScheme(),
    secrets,
    toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  };
  const tally = new SessionTally();
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let count = 0;
  const record = (status: number, req: IncomingMessage, raw: Buffer): void => {
    const { event, findings } = gradeDelivery({ raw, headers: headerBag(req.rawHeaders) }, secrets.length > 0 ? verification : undefined);
    const label = `${req.method ?? 'POST'} ${req.url ?? '/'} ${event} -> ${status}`;
    for (const violation of tally.add(
      { kind: 'graded', operationId: `delivery ${printable(event, 60)}`, status, baseline: false, findings },
      label,
      Date.now(),
    ))
      options.onViolation?.(violation);
    count += 1;
    options.onExchange?.(count);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.on('error', () => undefined);
    const body = await readBody(req, limit);
    if (body.aborted) return;
    if (body.oversize) {
      res.writeHead(413, { 'content-type': 'application/json', 'x-conformance-forwarder': 'refused' });
      res.end(JSON.stringify({ error: 'payload_too_large', message: `the forwarder takes deliveries up to ${limit} bytes (--max-body)` }));
      tally.add({ kind: 'ungraded', operationId: 'delivery (over --max-body)', why: 'a body passed the capture limit', status: 413 }, '', Date.now());
      return;
    }
    const status = await forwardDelivery(req, res, body.raw, endpoint, timeoutMs);
    setImmediate(() => record(status, req, body.raw));
  };
  const server = createServer({ headersTimeout: 30_000, requestTimeout: 60_000 }, (req, res) => void handle(req, res));
  const url = await listenLoopback(server, options.host, options.port ?? 0);
  return {
    url,
    tally,
    redactor,
    dropped: () => 0,
    addSecret(secret) {
      secrets.push(secret);
      redactor.addSecret(secret);
    },
    async stop(graceMs = 5_000) {
      await closeServer(server, graceMs);
      // the last deliveries are graded on the turn after their answer went out
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** Sends the delivery to the endpoint and streams its answer back; resolves with the status the target got. */
function forwardDelivery(req: IncomingMessage, res: ServerResponse, raw: Buffer, endpoint: URL, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const onward = request({
      hostname: endpoint.hostname.replace(/^\[|\]$/g, ''),
      port: endpoint.port || 80,
      method: req.method,
      path: `${endpoint.pathname.replace(/\/+$/, '')}${req.url ?? '/'}`,
      headers: passHeaders(req.rawHeaders),
      setHost: false,
      timeout: timeoutMs,
    });
    onward.on('timeout', () => onward.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    onward.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, passHeaders(answer.rawHeaders));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      resolve(answer.statusCode ?? 502);
    });
    onward.on('error', (error: Error & { code?: string }) => {
      const status = error.code === 'TIMEOUT' ? 504 : 502;
      if (!res.headersSent) {
        // the forwarder's own answer (marked): the endpoint gave none, so the target sees a failed delivery
        res.writeHead(status, { 'content-type': 'application/json', 'x-conformance-forwarder': 'no-answer-from-endpoint' });
        res.end(JSON.stringify({ error: 'forwarder_no_answer', message: `the endpoint gave no answer: ${error.code ?? 'error'}` }));
      } else {
        res.destroy();
      }
      resolve(status);
    });
    onward.end(raw);
  });
}

/** The forward URL, checked: http on a loopback address (DESIGN.md §5: nothing leaves loopback). */
function loopbackEndpoint(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HarnessError('USAGE', `--forward "${text}" is not a URL: give your endpoint, e.g. http://127.0.0.1:3000/webhooks`);
  }
  if (url.protocol !== 'http:') throw new HarnessError('USAGE', `--forward must be an http:// loopback URL, got ${url.protocol}`);
  if (!isLoopbackUrl(url.href))
    throw new HarnessError('NOT_LOOPBACK', `--forward ${url.host} is not a loopback address: forward to 127.0.0.1, ::1 or localhost only`);
  return url;
}

/** Node's rawHeaders as name (lower-case) -> every value, the form the signature schemes read. */
function headerBag(raw: readonly string[]): Record<string, string[]> {
  const bag = Object.create(null) as Record<string, string[]>;
  for (let i = 0; i + 1 < raw.length; i += 2) (bag[(raw[i] as string).toLowerCase()] ??= []).push(raw[i + 1] as string);
  return bag;
}
