// A 100,000-exchange proxy session (issue 18): the same requests go straight to a bare loopback server and through
// the proxy (its own process), in interleaved blocks so machine noise hits both alike; figures are per-request
// latency p50/p99 via the proxy vs direct, and the proxy's peak RSS vs its RSS before the session.
import { Pool } from 'undici';
import { benchSendBody, startContractServer } from './contract-server.js';
import { compared } from './figures.js';
import type { Figure } from './figures.js';
import { startPassiveChild } from './passive-child.js';

const EXCHANGES = Number(process.env.BENCH_PROXY_EXCHANGES ?? 100_000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 600);
const CONNECTIONS = 8;
const BLOCK = 1000;

/** The i-th request: reads, lists and sends (a new Idempotency-Key each, every 10th a replay of the one before). */
function requestOf(i: number): { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string } {
  const headers = { 'x-api-key': 'bench-key-000001', 'content-type': 'application/json' };
  if (i % 3 === 0) return { method: 'GET', path: '/v1/user/me', headers };
  if (i % 3 === 1) return { method: 'GET', path: '/v1/messages?limit=2', headers };
  const key = `bench-${i % 10 === 2 ? i - 3 : i}`;
  return {
    method: 'POST',
    path: '/v1/messages',
    headers: { ...headers, 'idempotency-key': key },
    body: benchSendBody,
  };
}

/** Sends requests [from, to) over the pool, CONNECTIONS at a time; writes each latency (ms) into `into`. */
async function block(pool: Pool, from: number, to: number, into: Float64Array, offset: number): Promise<void> {
  let next = from;
  const worker = async (): Promise<void> => {
    while (next < to) {
      const i = next++;
      const started = performance.now();
      const res = await pool.request(requestOf(i));
      await res.body.dump();
      into[offset + i - from] = performance.now() - started;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Runs the session and returns its figures. */
export async function run(): Promise<Figure[]> {
  const target = await startContractServer();
  const child = await startPassiveChild('proxy', target.url);
  const { url } = child;
  const rssOf = (): number => child.rss();
  const direct = new Pool(target.url, { connections: CONNECTIONS });
  const proxied = new Pool(url, { connections: CONNECTIONS });
  try {
    await block(proxied, 0, 200, new Float64Array(200), 0); // warm both paths (ajv compiles its schemas once)
    await block(direct, 0, 200, new Float64Array(200), 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = rssOf();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf())), 50);
    const viaProxy = new Float64Array(EXCHANGES);
    const straight = new Float64Array(EXCHANGES);
    const deadline = Date.now() + MAX_SECONDS * 1000;
    let done = 0;
    let rssAtTenth = baseline;
    let rssAtHalf = baseline;
    while (done < EXCHANGES && Date.now() < deadline) {
      const to = Math.min(EXCHANGES, done + BLOCK);
      await block(proxied, done, to, viaProxy, done);
      await block(direct, done, to, straight, done);
      done = to;
      if (done === Math.round(EXCHANGES / 10)) rssAtTenth = rssOf();
      if (done === Math.round(EXCHANGES / 2)) rssAtHalf = rssOf();
    }
    clearInterval(sampler);
    const rssAtEnd = rssOf();
    const session = await child.stop();
    const sortedProxy = viaProxy.slice(0, done).sort();
    const sortedDirect = straight.slice(0, done).sort();
    const mib = 1024 * 1024;
    return [
      { name: 'exchanges through the proxy', value: done, unit: 'requests' },
      { name: 'exchanges the proxy graded (200 warm-up incl.)', value: session.graded, unit: 'exchanges' },
      { name: 'exchanges not graded (grading fell behind, ...)', value: session.notGraded, unit: 'exchanges' },
      { name: 'violations counted (valid traffic: expect 0)', value: session.failures, unit: 'violations' },
      compared('latency p50 via proxy vs direct', percentile(sortedProxy, 50), 'ms', percentile(sortedDirect, 50)),
      compared('latency p99 via proxy vs direct', percentile(sortedProxy, 99), 'ms', percentile(sortedDirect, 99)),
      { name: 'added latency p50', value: percentile(sortedProxy, 50) - percentile(sortedDirect, 50), unit: 'ms' },
      { name: 'added latency p99', value: percentile(sortedProxy, 99) - percentile(sortedDirect, 99), unit: 'ms' },
      compared('proxy peak RSS vs before the session', peak / mib, 'MiB', baseline / mib),
      compared('proxy RSS at 50% vs at 10% of the session', rssAtHalf / mib, 'MiB', rssAtTenth / mib),
      compared('proxy RSS at the end vs at 50% of the session', rssAtEnd / mib, 'MiB', rssAtHalf / mib),
      { name: 'Idempotency-Keys the history rules remember (calls bound 10,000)', value: session.idempotencyKeys, unit: 'keys' },
    ];
  } finally {
    await direct.close();
    await proxied.close();
    await child.stop().catch(() => undefined);
    await target.stop();
  }
}
