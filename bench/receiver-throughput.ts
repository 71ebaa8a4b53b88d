// Receiver throughput: signed deliveries over loopback keep-alive, receiver vs a bare node:http server.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { signers, startReceiver } from '../receiver/index.js';
import { startBareServer } from './bare-server.js';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 30);
const CONNECTIONS = 16;
const IN_FLIGHT = 64;
const SECRET = `whsec_${'7e'.repeat(32)}`;

interface Load {
  sent: number;
  failed: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
}

/** Pre-signed requests, so the load generator spends no time on HMAC during the measurement. */
function makeRequests(count: number): Array<{ body: string; headers: Record<string, string> }> {
  const t = Math.floor(Date.now() / 1000);
  return Array.from({ length: count }, (_, i) => {
    const body = JSON.stringify({
      event: 'message.delivered',
      data: {
        id: `msg_${i.toString(36).padStart(8, '0')}`,
        to: '+15555550100',
        from: '+15555550199',
        status: 'delivered',
        created_at: new Date().toISOString(),
      },
    });
    return { body, headers: { 'content-type': 'application/json', ...signers.service(body, SECRET, t) } };
  });
}

/** Sends `count` requests (bounded by MAX_SECONDS too) with IN_FLIGHT concurrency over a keep-alive pool. */
async function drive(origin: string, requests: ReturnType<typeof makeRequests>, count: number): Promise<Load> {
  const pool = new Pool(origin, { connections: CONNECTIONS, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + MAX_SECONDS * 1000;
  const worker = async (): Promise<void> => {
    while (next < count && performance.now() < deadline) {
      const req = requests[next++ % requests.length]!;
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: 'POST', path: '/bench', body: req.body, headers: req.headers, headersTimeout: 10_000 });
        await res.body.dump();
        if (res.statusCode !== 200) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { sent: latencies.length, failed, seconds, rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const requests = makeRequests(Math.min(DELIVERIES, 2_000));

  const bare = await startBareServer();
  await drive(bare.url, requests, 1_000); // warm-up
  const bareLoad = await drive(bare.url, requests, DELIVERIES);
  await bare.stop();

  global.gc?.();
  const receiver = await startReceiver({ verify: { scheme: 'service', secrets: [SECRET] }, maxStored: DELIVERIES + 1_000 });
  await drive(receiver.httpUrl, requests, 1_000); // warm-up
  receiver.store.clear();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const load = await drive(receiver.httpUrl, requests, DELIVERIES);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  const kept = receiver.store.all();
  const verified = kept.filter((d) => d.verification?.ok === true).length;
  await receiver.stop();

  const mib = (b: number) => b / (1024 * 1024);
  return [
    { name: 'bare node:http (fixed answer)', value: bareLoad.rate, unit: 'req/s' },
    compared('receiver: received + verified + stored', load.rate, 'deliveries/s', bareLoad.rate),
    compared('receiver p50 latency', load.p50, 'ms', bareLoad.p50),
    compared('receiver p99 latency', load.p99, 'ms', bareLoad.p99),
    { name: 'deliveries sent to receiver', value: load.sent, unit: 'count' },
    compared('deliveries stored and verified ok', verified, 'count', load.sent),
    { name: 'failed requests (both servers)', value: load.failed + bareLoad.failed, unit: 'count' },
    compared(`receiver peak RSS (${load.sent.toLocaleString('en-US')} deliveries)`, mib(rssPeak), 'MiB', mib(rssBefore)),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run();
  printFigures(`receiver throughput (${DELIVERIES} signed deliveries, ${CONNECTIONS} keep-alive connections, ${IN_FLIGHT} in flight)`, figures);
}
