// The head-of-line test of `npm run bench -- proxy` (issue 26): 300 slow requests at once (half whose answer the target
// holds, half whose body the client uploads slowly), and meanwhile other clients sending ordinary requests. Through a
// session none of them may wait on the slow ones, and no request may get an answer the session made up; the same
// traffic straight to the target is the baseline.
import { Agent, request } from 'node:http';
import { Pool } from 'undici';
import { HOLD_HEADER } from './contract-server.js';
import type { Figure } from './figures.js';

const slowRequests = 300;
/** How long a slow request takes: the target holds its answer this long, or the client takes this long to upload. */
export const slowMs = 5_000;
/** The session's silence timeout in this test: a scaled-down issue 26 (20 s requests, 30 s timeout). */
export const sessionTimeoutMs = 8_000;
const fastClients = 8;
/** Each other client sends a request every this many ms (200 req/s in all): latency, not saturation, is measured. */
const fastEveryMs = 40;

/** One request's outcome: status (0: failed) and whether the session marked the answer as its own. */
interface Outcome {
  status: number;
  madeUp: boolean;
  ms: number;
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
        res.on('error', () => resolve({ status: 0, madeUp: false, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, madeUp: false, ms: performance.now() - started }));
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

async function fastOnes(origin: string, traffic: HeadOfLineTraffic, untilMs: number): Promise<Outcome[]> {
  const pool = new Pool(origin, { connections: fastClients });
  const outcomes: Outcome[] = [];
  const client = async (): Promise<void> => {
    let next = performance.now();
    while (performance.now() < untilMs) {
      next += fastEveryMs;
      const started = performance.now();
      try {
        const res = await pool.request({ ...traffic.fast, headersTimeout: 30_000, bodyTimeout: 30_000 });
        await res.body.dump();
        outcomes.push({ status: res.statusCode, madeUp: res.headers[traffic.mark] !== undefined, ms: performance.now() - started });
      } catch {
        outcomes.push({ status: 0, madeUp: false, ms: performance.now() - started });
      }
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
  const fast = await fastOnes(origin, traffic, performance.now() + slowMs + 1_000);
  return { fast, slow: await slow };
}

/** The head-of-line figures of a session (`origin`) against the direct path (`direct`). */
export async function headOfLine(label: string, direct: string, origin: string, traffic: HeadOfLineTraffic): Promise<Figure[]> {
  const straight = await phase(direct, traffic);
  const via = await phase(origin, traffic);
  const madeUp = [...via.fast, ...via.slow].filter((o) => o.madeUp && o.status >= 500).length;
  const failed = [...via.fast, ...via.slow].filter((o) => o.status === 0).length;
  const slowAnswered = via.slow.filter((o) => o.status > 0 && o.status < 500 && !o.madeUp).length;
  return [
    {
      name: `${label} head-of-line: other clients' p99 (200 req/s) while ${slowRequests} slow requests are in flight, vs direct`,
      value: p99(via.fast),
      unit: 'ms',
      baseline: p99(straight.fast),
      ratio: p99(via.fast) / p99(straight.fast),
    },
    { name: `${label} head-of-line: other clients' requests answered (direct: ${straight.fast.length})`, value: via.fast.length, unit: 'requests' },
    { name: `${label} head-of-line: answers the ${label} made up (5xx, marked; expect 0)`, value: madeUp, unit: 'answers' },
    { name: `${label} head-of-line: requests that failed without an answer (expect 0)`, value: failed, unit: 'requests' },
    { name: `${label} head-of-line: slow requests the target answered (of ${slowRequests})`, value: slowAnswered, unit: 'requests' },
  ];
}
