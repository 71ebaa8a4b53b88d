// `npm run bench -- proxy` (issue 18, 26): the validating proxy and the webhook forwarder measured against the direct
// path in the same run: request rate and latency (passive-rate.ts), the share graded at that rate, the head-of-line
// test, the idle-close test, and the long session's memory (proxy-session.ts).
import { benchKey, benchSecret, apiWorkloads, deliveryWorkload, signedDelivery } from './bench-traffic.js';
import { benchSendBody, startContractServer } from './contract-server.js';
import type { Section } from './figures.js';
import { headOfLine, sessionTimeoutMs } from './head-of-line.js';
import type { HeadOfLineTraffic } from './head-of-line.js';
import { idleClose, targetIdleMs } from './idle-close.js';
import type { MixedRequest } from './idle-close.js';
import { startPassiveChild } from './passive-child.js';
import type { PassiveChild } from './passive-child.js';
import { compareRates } from './passive-rate.js';
import type { Workload } from './passive-rate.js';
import { run as longSession } from './proxy-session.js';

const api = { 'x-api-key': benchKey, 'content-type': 'application/json' };
const send = benchSendBody;
const hook = JSON.stringify({ url: 'https://hooks.example.com/in', events: ['message.sent'] });

/** What one session kind is measured with. */
interface SessionBench {
  readonly kind: 'proxy' | 'forwarder';
  /** Who stands behind it: the target (proxy) or the consumer (forwarder). */
  readonly behind: string;
  readonly env: Record<string, string>;
  readonly workloads: readonly Workload[];
  readonly headOfLine: HeadOfLineTraffic;
  readonly idleMix: readonly MixedRequest[];
}

const proxyBench: SessionBench = {
  kind: 'proxy',
  behind: 'target',
  env: {},
  workloads: apiWorkloads,
  headOfLine: {
    fast: { method: 'GET', path: '/v1/messages/m_1', headers: api },
    slow: { method: 'GET', path: '/v1/messages/m_1', headers: api, body: send.padEnd(4096, ' ') },
    mark: 'x-conformance-proxy',
  },
  // every kind of request a client sends, idempotent or not
  idleMix: [
    { kind: 'GET', method: 'GET', path: '/v1/messages/m_1', headers: api },
    { kind: 'GET', method: 'GET', path: '/v1/messages?limit=5', headers: api },
    { kind: 'PUT', method: 'PUT', path: '/v1/webhooks/0b6e4a8e-0f59-4a51-9a43-31a6c1a0a001', headers: api, body: hook },
    { kind: 'DELETE', method: 'DELETE', path: '/v1/webhooks/0b6e4a8e-0f59-4a51-9a43-31a6c1a0a001', headers: api },
    { kind: 'POST with Idempotency-Key', method: 'POST', path: '/v1/messages', headers: { ...api, 'idempotency-key': 'bench-idle-1' }, body: send },
    { kind: 'POST without Idempotency-Key', method: 'POST', path: '/v1/messages', headers: api, body: send },
  ],
};

function forwarderBench(): SessionBench {
  const slow = signedDelivery(2);
  return {
    kind: 'forwarder',
    behind: 'consumer',
    env: { BENCH_SECRET: benchSecret },
    workloads: [deliveryWorkload()],
    headOfLine: {
      fast: { method: 'POST', path: '/hooks/in', ...signedDelivery(3) },
      slow: { method: 'POST', path: '/hooks/in', headers: slow.headers, body: slow.body.padEnd(4096, ' ') },
      mark: 'x-conformance-forwarder',
    },
    idleMix: [1, 2, 3, 4].map((id) => ({ kind: 'POST delivery', method: 'POST', path: '/hooks/in', ...signedDelivery(id) })),
  };
}

/** Runs `measure` with the children started, stopping them whatever happens. */
async function withChildren<T>(children: Promise<PassiveChild>[], measure: (...started: PassiveChild[]) => Promise<T>): Promise<T> {
  const started = await Promise.all(children);
  try {
    return await measure(...started);
  } finally {
    for (const child of started) await child.stop();
  }
}

/** The rate, head-of-line and idle-close sections of one session kind, each against the direct path. */
async function sessionSections(bench: SessionBench): Promise<Section[]> {
  const { kind, env } = bench;
  const Kind = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
  const behind = await startContractServer();
  const closing = await startContractServer({ idleCloseMs: targetIdleMs });
  try {
    const rate = await withChildren([startPassiveChild(kind, behind.url, env), startPassiveChild('bare-proxy', behind.url)], async (session, bare) => {
      const figures = [];
      for (const workload of bench.workloads) figures.push(...(await compareRates({ direct: behind.url, session, bare, label: kind }, workload)));
      return figures;
    });
    const blocked = await withChildren([startPassiveChild(kind, behind.url, env, sessionTimeoutMs)], (session) =>
      headOfLine(kind, behind.url, session.url, bench.headOfLine),
    );
    const idle = await withChildren([startPassiveChild(kind, closing.url, env)], (session) => idleClose(kind, closing.url, session.url, bench.idleMix));
    return [
      { title: `${Kind}: rate and latency vs direct and vs a bare Node proxy (autocannon, 16 connections; 8 at 1,000 req/s)`, figures: rate },
      {
        title: `${Kind}: head-of-line (300 slow requests of 5 s, the ${kind}'s timeout ${sessionTimeoutMs / 1000} s; 8 other clients at 200 req/s in all)`,
        figures: blocked,
      },
      {
        title: `${Kind}: idle-close (the ${bench.behind} closes connections idle ${targetIdleMs} ms, unannounced; bursts of 24 after pauses of 0.25-1.25 s)`,
        figures: idle,
      },
    ];
  } finally {
    await closing.stop();
    await behind.stop();
  }
}

/** Every section of the passive sessions' benchmark. */
export async function run(): Promise<Section[]> {
  const sections = [...(await sessionSections(proxyBench)), ...(await sessionSections(forwarderBench()))];
  sections.push({
    title: 'Proxy: a long session (100,000 exchanges, 8 connections, interleaved with direct): latency, grading, memory',
    figures: await longSession(),
  });
  return sections;
}
