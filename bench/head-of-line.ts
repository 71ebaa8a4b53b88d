// The head-of-line test of `npm run bench -- proxy` (issue 26): 300 slow requests at once (half whose answer the target
// holds, half whose body the client uploads slowly), and meanwhile other clients sending ordinary requests. Through a
// session none of them may wait on the slow ones, and no request may get an answer the session made up; the same
// traffic straight to the target is the baseline.
import { Agent, request } from 'node:http';
import { Pool } from 'undici';
import { HOLD_HEADER } from './contract-server.js';
import { compared } from './figures.js';
import type { Figure } from './figures.js';

const slowRequests = 300;
/** How long a slow request takes: the target holds its answer this long, or the client takes this long to upload. */
export const slowMs = 5_000;
/** The session's silence timeout in this test: a scaled-down issue 26 (20 s requests, 30 s timeout). */
export const sessionTimeoutMs = 8_000;
const fastClients = 8;
/** Each other client sends a request every this many ms (200 req/s in all): latency, not saturation, is measured. */
const fastEveryMs = 40;
/** Requests each other client sends: for as long as the slow ones are in flight (and a second more) at that pace. */
const fastPerClient = Math.ceil((slowMs + 1_000) / fastEveryMs);
/** The other clients send nothing after this many ms (a bound on the bench; what was not sent is counted as failed). */
const fastDeadlineMs = 4 * (slowMs + 1_000);

/** One request's outcome: status (0: no answer, `cause` says why) and whether the session marked the answer as its own. */
interface Outcome {
  status: number;
  madeUp: boolean;
  ms: number;
  cause?: string;
}

/** What a test sends: an ordinary request (fast) and the slow ones, with a mark header to look for. */
export interface HeadOfLineTraffic {
  readonly fast: { readonly method: 'GET' | 'POST'; readonly path: string; readonly headers: Record<string, string>; readonly body?: string };
  readonly slow: { readonly method: 'GET' | 'POST'; readonly path: string; readonly headers: Record<string, string>; readonly body: string };
  readonly mark: string;
}

function slowOne(origin: string, traffic: HeadOfLineTraffic, agent: Agent, upload: boolean): Promise<Outcome> {
  const started = performance.now();
  const { method, path, headers, body } = traffic.slow;
  return new Promise((resolve) => {
    const req = request(
      `${origin}${path}`,
      {
        method: upload ? 'POST' : method,
        agent,
        headers: upload ? { ...headers, 'transfer-encoding': 'chunked' } : { ...headers, [HOLD_HEADER]: String(slowMs) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, madeUp: res.headers[traffic.mark] !== undefined, ms: performance.now() - started }));
        res.on('error', (error: Error & { code?: string }) => resolve(noAnswer(started, error)));
      },
    );
    req.on('error', (error: Error & { code?: string }) => resolve(noAnswer(started, error)));
    if (!upload) return void req.end(method === 'GET' ? undefined : body);
    // the body in five parts over slowMs: the client, not the target, is slow
    let part = 0;
    const parts = 5;
    const step = Math.ceil(body.length / parts);
    const timer = setInterval(() => {
      req.write(body.slice(part * step, (part + 1) * step));
      part += 1;
      if (part === parts) {
        clearInterval(timer);
        req.end();
      }
    }, slowMs / parts);
  });
}

function noAnswer(started: number, error: Error & { code?: string }): Outcome {
  return { status: 0, madeUp: false, ms: performance.now() - started, cause: error.code ?? error.name };
}

/**
 * The other clients: each sends the same planned number of requests, one at a time, paced every fastEveryMs (sooner
 * when it fell behind), so the direct path and the session are asked the same count and every request planned is
 * answered or counted as failed with its cause. A request not sent by the deadline is counted as failed ("not sent").
 */
async function fastOnes(origin: string, traffic: HeadOfLineTraffic, deadline: number): Promise<Outcome[]> {
  const pool = new Pool(origin, { connections: fastClients });
  const outcomes: Outcome[] = [];
  const client = async (): Promise<void> => {
    let next = performance.now();
    for (let sent = 0; sent < fastPerClient; sent++) {
      const started = performance.now();
      if (started > deadline) {
        outcomes.push({ status: 0, madeUp: false, ms: 0, cause: 'not sent by the deadline' });
        continue;
      }
      try {
        const res = await pool.request({
          ...traffic.fast,
          headersTimeout: 30_000,
          bodyTimeout: 30_000,
          signal: AbortSignal.timeout(Math.ceil(deadline + 30_000 - started)),
        });
        await res.body.dump();
        outcomes.push({ status: res.statusCode, madeUp: res.headers[traffic.mark] !== undefined, ms: performance.now() - started });
      } catch (error) {
        outcomes.push(noAnswer(started, error as Error & { code?: string }));
      }
      next += fastEveryMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  };
  await Promise.all(Array.from({ length: fastClients }, client));
  await pool.close();
  return outcomes;
}

function p99(outcomes: readonly Outcome[]): number {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? Number.NaN;
}

/** The slow requests and the fast clients together against one origin. */
async function phase(origin: string, traffic: HeadOfLineTraffic): Promise<{ fast: Outcome[]; slow: Outcome[] }> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const slow = Promise.all(Array.from({ length: slowRequests }, (_, i) => slowOne(origin, traffic, agent, i % 2 === 1)));
  await new Promise((resolve) => setTimeout(resolve, 300)); // the slow ones are all in flight
  const fast = await fastOnes(origin, traffic, performance.now() + fastDeadlineMs);
  return { fast, slow: await slow };
}

/** Failed requests by cause ("ECONNRESET 3, not sent by the deadline 2"), or "none". */
function causes(outcomes: readonly Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) if (o.status === 0) counts.set(o.cause ?? 'unknown', (counts.get(o.cause ?? 'unknown') ?? 0) + 1);
  return counts.size === 0 ? 'none' : [...counts].map(([cause, n]) => `${cause} ${n}`).join(', ');
}

/** Every request planned was answered by the target, answered by the session (marked), or failed with a cause. */
function accounted(label: string, outcomes: readonly Outcome[], planned: number): void {
  if (outcomes.length !== planned) throw new Error(`bench: ${label}: ${outcomes.length} outcomes for ${planned} requests planned`);
}

/** The head-of-line figures of a session (`origin`) against the direct path (`direct`). */
export async function headOfLine(label: string, direct: string, origin: string, traffic: HeadOfLineTraffic): Promise<Figure[]> {
  const straight = await phase(direct, traffic);
  const via = await phase(origin, traffic);
  const planned = fastClients * fastPerClient;
  for (const [path, outcomes] of [
    ['direct', straight],
    [label, via],
  ] as const) {
    accounted(`${path} other clients`, outcomes.fast, planned);
    accounted(`${path} slow requests`, outcomes.slow, slowRequests);
  }
  const madeUp = [...via.fast, ...via.slow].filter((o) => o.madeUp && o.status >= 500).length;
  const fastAnswered = (outcomes: readonly Outcome[]): number => outcomes.filter((o) => o.status > 0 && !o.madeUp).length;
  const slowAnswered = via.slow.filter((o) => o.status > 0 && o.status < 500 && !o.madeUp).length;
  return [
    {
      name: `${label} head-of-line: other clients' p99 (200 req/s) while ${slowRequests} slow requests are in flight, vs direct`,
      value: p99(via.fast),
      unit: 'ms',
      baseline: p99(straight.fast),
      ratio: p99(via.fast) / p99(straight.fast),
    },
    compared(
      `${label} head-of-line: other clients' requests the target answered, of ${planned} sent (direct: failed ${causes(straight.fast)})`,
      fastAnswered(via.fast),
      'requests',
      fastAnswered(straight.fast),
    ),
    { name: `${label} head-of-line: answers the ${label} made up (5xx, marked; expect 0)`, value: madeUp, unit: 'answers' },
    {
      name: `${label} head-of-line: other clients' requests failed without an answer (expect 0): ${causes(via.fast)}`,
      value: via.fast.filter((o) => o.status === 0).length,
      unit: 'requests',
    },
    {
      name: `${label} head-of-line: slow requests failed without an answer (expect 0): ${causes(via.slow)}`,
      value: via.slow.filter((o) => o.status === 0).length,
      unit: 'requests',
    },
    { name: `${label} head-of-line: slow requests the target answered (of ${slowRequests})`, value: slowAnswered, unit: 'requests' },
  ];
}
