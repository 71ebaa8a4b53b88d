// `npm run bench -- proxy` (issue 18, 26): the validating proxy and the webhook forwarder measured against the direct
// path in the same run: request rate and latency (passive-rate.ts), the share graded at that rate, the head-of-line
// test, the idle-close test, and the long session's memory (proxy-session.ts).
import { benchKey, benchSecret, apiWorkloads, deliveryWorkload, signedDelivery } from './bench-traffic.js';
import { startContractServer } from './contract-server.js';
import type { Section } from './figures.js';
import { headOfLine, sessionTimeoutMs } from './head-of-line.js';
import { idleClose, targetIdleMs } from './idle-close.js';
import type { MixedRequest } from './idle-close.js';
import { startPassiveChild } from './passive-child.js';
import { compareRates } from './passive-rate.js';
import { run as longSession } from './proxy-session.js';

const api = { 'x-api-key': benchKey, 'content-type': 'application/json' };
const send = JSON.stringify({ to: '+14155550123', from: '+14155550100', message: 'hello' });
const hook = JSON.stringify({ url: 'https://hooks.example.com/in', events: ['message.sent'] });
let keyed = 0;

/** The idle-close mix through the proxy: every kind of request a client sends, idempotent or not. */
function apiMix(): MixedRequest[] {
  return [
    { kind: 'GET', method: 'GET', path: '/v1/messages/m_1', headers: api },
    { kind: 'GET', method: 'GET', path: '/v1/messages?limit=5', headers: api },
    { kind: 'PUT', method: 'PUT', path: '/v1/webhooks/0b6e4a8e-0f59-4a51-9a43-31a6c1a0a001', headers: api, body: hook },
    { kind: 'DELETE', method: 'DELETE', path: '/v1/webhooks/0b6e4a8e-0f59-4a51-9a43-31a6c1a0a001', headers: api },
    {
      kind: 'POST with Idempotency-Key',
      method: 'POST',
      path: '/v1/messages',
      headers: { ...api, 'idempotency-key': `bench-idle-${(keyed += 1)}` },
      body: send,
    },
    { kind: 'POST without Idempotency-Key', method: 'POST', path: '/v1/messages', headers: api, body: send },
  ];
}

async function proxySections(): Promise<Section[]> {
  const target = await startContractServer();
  const proxy = await startPassiveChild('proxy', target.url);
  const bare = await startPassiveChild('bare-proxy', target.url);
  const sections: Section[] = [];
  try {
    const rate = [];
    for (const workload of apiWorkloads) rate.push(...(await compareRates({ direct: target.url, session: proxy, bare, label: 'proxy' }, workload)));
    sections.push({ title: 'Proxy: rate and latency vs direct and vs a bare Node proxy (autocannon, 16 connections; 8 at 1,000 req/s)', figures: rate });
  } finally {
    await proxy.stop();
    await bare.stop();
  }
  const slowProxy = await startPassiveChild('proxy', target.url, {}, sessionTimeoutMs);
  try {
    const traffic = {
      fast: { method: 'GET' as const, path: '/v1/messages/m_1', headers: api },
      slow: { method: 'GET' as const, path: '/v1/messages/m_1', headers: api, body: send.padEnd(4096, ' ') },
      mark: 'x-conformance-proxy',
    };
    sections.push({
      title: `Proxy: head-of-line (300 slow requests of 5 s, the proxy's timeout ${sessionTimeoutMs / 1000} s; 8 other clients)`,
      figures: await headOfLine('proxy', target.url, slowProxy.url, traffic),
    });
  } finally {
    await slowProxy.stop();
  }
  const closing = await startContractServer({ idleCloseMs: targetIdleMs });
  const idleProxy = await startPassiveChild('proxy', closing.url);
  try {
    sections.push({
      title: `Proxy: idle-close (the target closes connections idle ${targetIdleMs} ms, unannounced; bursts of 24 after pauses of 0.25-1.25 s)`,
      figures: await idleClose('proxy', closing.url, idleProxy.url, apiMix()),
    });
  } finally {
    await idleProxy.stop();
    await closing.stop();
    await target.stop();
  }
  return sections;
}

async function forwarderSections(): Promise<Section[]> {
  const consumer = await startContractServer();
  const env = { BENCH_SECRET: benchSecret };
  const forwarder = await startPassiveChild('forwarder', consumer.url, env);
  const bare = await startPassiveChild('bare-proxy', consumer.url);
  const sections: Section[] = [];
  try {
    sections.push({
      title: 'Forwarder: signed deliveries, rate and latency vs direct and vs a bare Node proxy',
      figures: await compareRates({ direct: consumer.url, session: forwarder, bare, label: 'forwarder' }, deliveryWorkload()),
    });
  } finally {
    await forwarder.stop();
    await bare.stop();
  }
  const slowForwarder = await startPassiveChild('forwarder', consumer.url, env, sessionTimeoutMs);
  try {
    const delivery = signedDelivery(2);
    const traffic = {
      fast: { method: 'POST' as const, path: '/hooks/in', ...signedDelivery(3) },
      slow: { method: 'POST' as const, path: '/hooks/in', headers: delivery.headers, body: delivery.body.padEnd(4096, ' ') },
      mark: 'x-conformance-forwarder',
    };
    sections.push({
      title: `Forwarder: head-of-line (300 slow deliveries of 5 s, the forwarder's timeout ${sessionTimeoutMs / 1000} s; 8 other senders)`,
      figures: await headOfLine('forwarder', consumer.url, slowForwarder.url, traffic),
    });
  } finally {
    await slowForwarder.stop();
    await consumer.stop();
  }
  const closing = await startContractServer({ idleCloseMs: targetIdleMs });
  const idleForwarder = await startPassiveChild('forwarder', closing.url, env);
  try {
    const mix = [1, 2, 3, 4].map((id) => ({ kind: 'POST delivery', method: 'POST', path: '/hooks/in', ...signedDelivery(id) }));
    sections.push({
      title: `Forwarder: idle-close (the consumer closes connections idle ${targetIdleMs} ms, unannounced)`,
      figures: await idleClose('forwarder', closing.url, idleForwarder.url, mix),
    });
  } finally {
    await idleForwarder.stop();
    await closing.stop();
  }
  return sections;
}

/** Every section of the passive sessions' benchmark. */
export async function run(): Promise<Section[]> {
  const sections = [...(await proxySections()), ...(await forwarderSections())];
  sections.push({
    title: 'Proxy: a long session (100,000 exchanges, 8 connections, interleaved with direct): latency, grading, memory',
    figures: await longSession(),
  });
  return sections;
}
