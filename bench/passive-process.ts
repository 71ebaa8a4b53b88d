// A passive session of `npm run bench -- proxy` in a process of its own, so its CPU and RSS are its own:
// `passive-process.ts <proxy|forwarder|bare-proxy> <target url> [timeout ms]` prints {url, pid}; then each line on
// stdin ("stats", or "stop" to end) is answered with one line of its counters.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { startForwarder, startProxy } from '../proxy/index.js';
import type { GradedSession } from '../proxy/index.js';
import { sessionTraffic } from '../proxy/index.js';
import { bareProxy } from './bare-proxy.js';

const [kind, target, timeout] = process.argv.slice(2) as [string, string, string | undefined];
const timeoutMs = timeout === undefined ? {} : { timeoutMs: Number(timeout) };
// BENCH_PROXY_GRADE=0: forwarding only (every exchange counted as not graded, none handed to the grading thread)
const grading = process.env.BENCH_PROXY_GRADE === '0' ? { grading: { maxItems: 0, maxBytes: 0 } } : {};
let completed = 0;
const onExchange = (count: number): void => void (completed = count);

interface Session {
  url: string;
  stop(graceMs?: number): Promise<void>;
  graded?: GradedSession & { idempotencyKeys?: () => number };
}

async function start(): Promise<Session> {
  if (kind === 'bare-proxy') {
    const server = bareProxy(target);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stop: async () => void server.closeAllConnections(),
    };
  }
  if (kind === 'forwarder') {
    const forwarder = await startForwarder({ forward: target, secrets: [process.env.BENCH_SECRET as string], onExchange, ...timeoutMs, ...grading });
    return { url: forwarder.url, stop: (grace) => forwarder.stop(grace), graded: forwarder };
  }
  const proxy = await startProxy({ target, port: 0, onExchange, ...timeoutMs, ...grading });
  return { url: proxy.url, stop: (grace) => proxy.stop(grace), graded: proxy };
}

/** CPU ms of this process's main thread (the forwarding path; Linux /proc, 10 ms ticks) and of all its threads. */
function cpu(): { mainCpuMs: number; cpuMs: number } {
  const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const usage = process.cpuUsage();
  return { mainCpuMs: (Number(fields[11]) + Number(fields[12])) * 10, cpuMs: (usage.user + usage.system) / 1000 };
}

function stats(session: Session): Record<string, number> {
  const graded = session.graded;
  if (graded === undefined)
    return { completed: 0, graded: 0, outside: 0, notGraded: 0, grading: 0, failures: 0, requirements: 0, idempotencyKeys: 0, ...cpu() };
  const traffic = sessionTraffic(graded);
  const failures = [...graded.tally.requirements.values()].reduce((sum, count) => sum + count.failures, 0);
  return {
    completed,
    graded: traffic.graded,
    outside: traffic.outside,
    notGraded: traffic.notGraded,
    // handed over and still being graded
    grading: completed - traffic.graded - traffic.outside - traffic.notGraded,
    failures,
    requirements: graded.tally.requirements.size,
    idempotencyKeys: graded.idempotencyKeys?.() ?? 0,
    ...cpu(),
  };
}

const session = await start();
console.log(JSON.stringify({ url: session.url, pid: process.pid }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'stop') {
    await session.stop(1000);
    console.log(JSON.stringify(stats(session)));
    process.exit(0);
  }
  console.log(JSON.stringify(stats(session)));
}
