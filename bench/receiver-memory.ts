// Receiver memory: 10,000 deliveries (signed, badly signed, oversized, non-JSON) into a receiver running in its own
// process; its RSS is sampled from /proc during the load. Peak vs the baseline before the run shows memory stays
// bounded (the store keeps at most maxStored deliveries; oversized bodies are refused, not buffered).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { signers } from '../receiver/index.js';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 60);
const SECRET = `whsec_${'5a'.repeat(32)}`;
const entry = fileURLToPath(new URL('./receiver-memory-process.ts', import.meta.url));

/** VmRSS of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** The i-th delivery: mostly signed, every 100th badly signed, every 200th 2 MiB (over the limit), every 150th not JSON. */
function delivery(i: number, t: number): { body: string | Buffer; headers: Record<string, string> } {
  if (i % 200 === 199) return { body: Buffer.alloc(2 * 1024 * 1024, 'x'), headers: { 'content-type': 'application/json' } };
  if (i % 150 === 149) return { body: 'not json {', headers: { 'content-type': 'text/plain' } };
  const body = JSON.stringify({
    event: 'message.delivered',
    data: { id: `msg_${i}`, to: '+15555550100', status: 'delivered', created_at: new Date(t * 1000).toISOString() },
  });
  if (i % 100 === 99) return { body, headers: { 'content-type': 'application/json', 'service-signature': `t=${t},v1=nothex` } };
  return { body, headers: { 'content-type': 'application/json', ...signers.service(body, SECRET, t) } };
}

/** One receiver process under DELIVERIES deliveries; returns baseline, peak and final RSS and what it kept. */
async function measure(maxStored: number): Promise<{ baseline: number; peak: number; after: number; stored: number; statuses: Map<number, number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, String(maxStored), SECRET], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const next = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bench: the receiver process did not answer within 20 s')), 20_000);
      lines.once('line', (line) => (clearTimeout(timer), resolve(line)));
    });
  const { url, pid } = JSON.parse(await next()) as { url: string; pid: number };
  try {
    await new Promise((resolve) => setTimeout(resolve, 500)); // let start-up garbage settle
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const pool = new Pool(url, { connections: 16 });
    const statuses = new Map<number, number>();
    const t = Math.floor(Date.now() / 1000);
    const deadline = Date.now() + MAX_SECONDS * 1000;
    let i = 0;
    const worker = async (): Promise<void> => {
      while (i < DELIVERIES && Date.now() < deadline) {
        const { body, headers } = delivery(i++, t);
        try {
          const res = await pool.request({ method: 'POST', path: '/hooks', body, headers });
          await res.body.dump();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    await pool.close();
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    child.stdin.write('stats\n');
    const { stored } = JSON.parse(await next()) as { stored: number };
    return { baseline, peak, after: rssOf(pid), stored, statuses };
  } finally {
    child.kill('SIGTERM');
  }
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const mib = (b: number): number => b / (1024 * 1024);
  const figures: Figure[] = [];
  for (const cap of [10_000, 1_000]) {
    const m = await measure(cap);
    const answered = [...m.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s || 'error'}:${n}`)
      .join(' ');
    figures.push(
      compared(`peak RSS, store cap ${cap.toLocaleString('en-US')} (${DELIVERIES.toLocaleString('en-US')} deliveries)`, mib(m.peak), 'MiB', mib(m.baseline)),
      compared(`RSS after the run, store cap ${cap.toLocaleString('en-US')}`, mib(m.after), 'MiB', mib(m.baseline)),
      {
        name: `peak growth per delivery, cap ${cap.toLocaleString('en-US')} [answers ${answered}]`,
        value: (m.peak - m.baseline) / 1024 / DELIVERIES,
        unit: 'KiB',
      },
      { name: `deliveries kept by the store, cap ${cap.toLocaleString('en-US')}`, value: m.stored, unit: 'count' },
    );
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printFigures(`receiver memory (${DELIVERIES} deliveries; baseline = RSS before the run)`, await run());
}
