import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { AnswerTable } from './answer-table.js';
import type { Answer, ResolvedAnswer } from './answer-table.js';
import { buildDelivery } from './build-delivery.js';
import type { Delivery } from './delivery.js';
import { DeliveryStore } from './delivery-store.js';
import { ReceiverError } from './errors.js';
import { assertLoopback, startLoopbackServers } from './loopback-servers.js';
import { readBody } from './read-body.js';
import { makeTlsCertificate } from './tls-certificate.js';
import { verifyDelivery } from './verify-delivery.js';
import type { DeliveryVerifyOptions } from './verify-delivery.js';
import { getScheme } from './schemes/index.js';
import type { SchemeName, SignatureScheme } from './schemes/index.js';

/** Options of startReceiver; every field is optional. */
export interface ReceiverOptions {
  /** Loopback address to bind (default 127.0.0.1); anything else is refused (DESIGN.md §5). */
  host?: string;
  httpPort?: number;
  httpsPort?: number;
  /** Extra certificate names (DNS names or IPs) besides 127.0.0.1 and localhost. */
  tlsNames?: string[];
  /** Largest body kept (default 1 MiB); larger ones are answered 413 and recorded as oversize. */
  maxBodyBytes?: number;
  /** Deliveries kept (default 10,000); the oldest are dropped first. */
  maxStored?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /**
   * How a delivery's parsed JSON is kept on `delivery.json` (`raw` keeps the bytes as sent): a run with --dialect
   * reads a payload's data in the spec's names (targets/dialect.ts fromTargetPayload), as it reads answers.
   */
  readJson?: (json: unknown) => unknown;
  /** Verify every delivery on arrival and keep the result on `delivery.verification`. */
  verify?: DeliveryVerifyOptions & { scheme: SchemeName | SignatureScheme; secrets: string[] };
}

/** Counters of a running receiver. */
export interface ReceiverStats {
  arrived: number;
  stored: number;
  dropped: number;
  clientErrors: number;
  tlsErrors: number;
}

/** A running receiver. */
export interface Receiver {
  httpUrl: string;
  httpsUrl: string;
  /** The self-signed certificate (PEM), to pass as `ca` to a sender. */
  caPem: string;
  store: DeliveryStore;
  /** Programs the answer for paths starting with `path`; `undefined` removes it. */
  respond(path: string, answer: Answer | undefined): void;
  resetAnswers(): void;
  stats(): ReceiverStats;
  /** Closes both servers and every socket; pending waiters reject with `receiver_stopped`. */
  stop(): Promise<void>;
}

function intOption(name: keyof ReceiverOptions, value: number | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ReceiverError('invalid_option', `receiver option ${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/** The longest an answer waits for its `until` (Answer.until). */
const maxHoldMs = 10_000;

/** Starts the webhook receiver: an HTTP and an HTTPS server on loopback capturing every request. */
export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const host = options.host ?? '127.0.0.1';
  assertLoopback(host); // before the certificate is made
  const maxBodyBytes = intOption('maxBodyBytes', options.maxBodyBytes, 1024 * 1024, 1);
  const store = new DeliveryStore(intOption('maxStored', options.maxStored, 10_000, 1));
  const answers = new AnswerTable();
  const timers = new Set<NodeJS.Timeout>();
  let seq = 0;
  let stopped = false;

  const send = (req: IncomingMessage, res: ServerResponse, answer: ResolvedAnswer, delivery: Delivery): void => {
    // when the sender can have learnt the outcome of this attempt: a retry it sends comes after this (spec §6); on
    // the clock of monotonicMs, as epoch ms (the run's history compares it with its calls' times to the microsecond)
    delivery.answer.answeredAt = performance.timeOrigin + performance.now();
    if (answer.close) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  };

  const verify = options.verify;
  const verifier = verify && (typeof verify.scheme === 'string' ? getScheme(verify.scheme, verify) : verify.scheme);

  const capture = async (transport: 'http' | 'https', req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const arrival = { seq: ++seq, transport, receivedAt: Date.now(), monotonicMs: performance.now() };
    const body = await readBody(req, maxBodyBytes);
    const delivery = buildDelivery(req, arrival, body, options.readJson);
    const answer: ResolvedAnswer = body.oversize
      ? { status: 413, delayMs: 0, close: false, body: '{"ok":false,"error":"payload_too_large"}', headers: { connection: 'close' } }
      : answers.resolve(delivery);
    delivery.answer = { status: body.aborted || answer.close ? null : answer.status, delayMs: answer.delayMs, ...(answer.close ? {} : { body: answer.body }) };
    if (verify && verifier) delivery.verification = verifyDelivery(delivery, verifier, verify.secrets, verify);
    store.add(delivery);
    if (body.aborted || stopped) return;
    const answerNow = (): void => {
      if (answer.until === undefined || stopped) return send(req, res, answer, delivery);
      // held until the test's own step is done, bounded: a receiver never keeps a sender waiting without end
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxHoldMs);
        timers.add(timer);
      });
      void Promise.race([
        answer.until.then(
          () => undefined,
          () => undefined,
        ),
        bound,
      ]).then(() => {
        if (timer !== undefined) {
          clearTimeout(timer);
          timers.delete(timer);
        }
        if (!stopped) send(req, res, answer, delivery);
      });
    };
    if (answer.delayMs <= 0) return answerNow();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answerNow();
    }, answer.delayMs);
    timers.add(timer);
  };
  const tls = await makeTlsCertificate(options.tlsNames ?? []);
  const servers = await startLoopbackServers({
    host,
    httpPort: intOption('httpPort', options.httpPort, 0, 0, 65535),
    httpsPort: intOption('httpsPort', options.httpsPort, 0, 0, 65535),
    tls,
    headersTimeoutMs: intOption('headersTimeoutMs', options.headersTimeoutMs, 10_000, 1),
    requestTimeoutMs: intOption('requestTimeoutMs', options.requestTimeoutMs, 30_000, 1),
    keepAliveTimeoutMs: intOption('keepAliveTimeoutMs', options.keepAliveTimeoutMs, 5_000, 1),
    handler: (transport) => (req, res) => {
      capture(transport, req, res).catch(() => {
        // A bug of ours must not take the receiver down: answer 500 and go on.
        if (!res.headersSent) res.writeHead(500).end();
      });
    },
  });
  const origin = isIP(host) === 6 ? `[${host}]` : host;

  return {
    httpUrl: `http://${origin}:${servers.httpPort}`,
    httpsUrl: `https://${origin}:${servers.httpsPort}`,
    caPem: tls.cert,
    store,
    respond: (path, answer) => answers.set(path, answer),
    resetAnswers: () => answers.reset(),
    stats: () => ({ arrived: store.arrived, stored: store.size, dropped: store.dropped, ...servers.counters }),
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      store.rejectWaiters(new ReceiverError('receiver_stopped', 'the receiver was stopped while waiting for a delivery; stop it only after the wait ends'));
      await servers.close();
    },
  };
}
