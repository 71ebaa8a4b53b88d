// Harness throughput (issues 4 and 17): requests per second the contract suites achieve against the embedded reference,
// next to the raw rate of a loopback load generator (autocannon) against the same reference, on its own thread as the
// harness runs it, in the same process and run; and the wall time of a full default run (all suites).
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { receiverForTarget, runConformance, startHarnessReceiver } from '../suites/engine/index.js';
import type { RunResult } from '../suites/engine/index.js';
import { referenceTarget } from '../targets/index.js';
import { referenceThreadUtilization } from '../targets/reference-thread.js';
import type { ReferenceTargetOptions } from '../targets/index.js';
import { contractMix } from './contract-mix.js';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';
import { load, loadSeconds as seconds } from './load.js';

/** Microseconds the reference thread was busy per request over `work` (event-loop active time / requests). */
async function referenceBusy(work: () => Promise<number>): Promise<number> {
  const before = await referenceThreadUtilization();
  const requests = await work();
  const busy = performance.eventLoopUtilization(await referenceThreadUtilization(), before);
  return (busy.active * 1000) / requests;
}

/** autocannon (4 connections, like the engine's 4 checks at once) against a reference started like the harness's. */
async function rawRate(thread: ReferenceTargetOptions['thread']): Promise<number> {
  return (await rawLoad(thread)).requestsPerSecond;
}

/** rawRate's load, with the reference thread's busy time per request (a worker-thread reference only). */
async function rawLoad(thread: ReferenceTargetOptions['thread']): Promise<{ requestsPerSecond: number; referenceUs?: number }> {
  const target = referenceTarget({ thread });
  await target.start();
  try {
    const headers = { 'content-type': 'application/json', 'x-api-key': target.keys.growth as string };
    const created = await fetch(`${target.baseUrl}/v1/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: '+14155550100', from: '+14155550199', message: 'hi' }),
    });
    const { id } = (await created.json()) as { id: string };
    // GET by id is the reference's cheapest answer
    const run = () => load({ url: `${target.baseUrl}/v1/messages/${id}`, headers, connections: 4, duration: seconds });
    if (thread === 'main') return { requestsPerSecond: (await run()).requestsPerSecond };
    let requestsPerSecond = 0;
    const referenceUs = await referenceBusy(async () => {
      requestsPerSecond = (await run()).requestsPerSecond;
      return requestsPerSecond * seconds;
    });
    return { requestsPerSecond, referenceUs };
  } finally {
    await target.stop();
  }
}

/**
 * autocannon (4 connections) sending the contract suites' operations in about their proportions (bench/contract-mix.ts),
 * against a reference started as the engine starts it, with a receiver its deliveries go to: the same kind of work
 * as the suites, done by a client that only sends.
 */
export async function mixRate(): Promise<number> {
  const receiver = await startHarnessReceiver();
  const target = referenceTarget();
  try {
    await target.start(receiverForTarget(receiver));
    const result = await load({ url: target.baseUrl, requests: contractMix(target), connections: 4, duration: seconds });
    if (result.non2xx + result.errors > 0) console.warn(`bench: the contract mix had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    return result.requestsPerSecond;
  } finally {
    await target.stop();
    await receiver.stop();
  }
}

const rate = (run: { requestsSent: number; durationMs: number }): number => run.requestsSent / (run.durationMs / 1000);

/**
 * A run, the time the harness's thread was busy per request (event-loop active time), and the CPU time of the whole
 * process per request (every thread: harness, receiver, reference): no scheduling can beat cores / that.
 */
async function busyRun(contractRun: () => Promise<RunResult>): Promise<{ run: RunResult; busyUsPerRequest: number; cpuUsPerRequest: number }> {
  const before = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const run = await contractRun();
  const cpu = process.cpuUsage(cpuBefore);
  const busy = performance.eventLoopUtilization(before);
  return { run, busyUsPerRequest: (busy.active * 1000) / run.requestsSent, cpuUsPerRequest: (cpu.user + cpu.system) / run.requestsSent };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const cores = availableParallelism();
  const contractRun = () => runConformance({ target: referenceTarget(), selection: { suites: ['contract/*'] }, seed: 1 });
  // the machine is shared: the baseline is measured before and after the contract runs and the higher one kept, the
  // warm figure is the best of three
  const rawBefore = await rawLoad('worker');
  const mixBefore = await mixRate();
  // cold: the first run pays one-time costs (schema compilation, check generation, the requirement catalogue);
  // warm: the same run again in the same process, which is what a long CI job or a --runs-heavy run sees
  const cold = await contractRun();
  const measured = [await busyRun(contractRun), await busyRun(contractRun), await busyRun(contractRun)];
  // what one contract request costs the reference itself (creates, refusals, webhook deliveries over TLS)
  const referenceContractUs = await referenceBusy(async () => (await contractRun()).requestsSent);
  const warms = measured.map((m) => m.run);
  const rawAfter = await rawRate('worker');
  const rawSameThread = await rawRate('main');
  const mix = Math.max(mixBefore, await mixRate());
  const raw = Math.max(rawBefore.requestsPerSecond, rawAfter);
  const warm = Math.max(...warms.map(rate));
  const full = await runConformance({ target: referenceTarget(), seed: 1 });
  const exits = [cold, ...warms, full].map((run) => run.exitCode);
  if (exits.some((code) => code !== 0)) console.warn(`bench: a run did not conform (exit codes of cold, warm x3, full: ${exits.join(', ')})`);
  return [
    compared('contract suites, cold (4 checks at once)', rate(cold), 'req/s', raw),
    compared('contract suites, warm (best of 3 more runs)', warm, 'req/s', raw),
    compared('  warm vs autocannon on a reference sharing its thread', warm, 'req/s', rawSameThread),
    // the same kind of work: what the harness costs over a client that only sends
    compared("  warm vs autocannon sending the contract suites' operations (mix)", warm, 'req/s', mix),
    // what the mix itself costs the reference: no client, autocannon included, can pass this ratio of the GET by id rate
    compared('autocannon: the contract mix vs GET by id', mix, 'req/s', raw),
    // the bound: 0.25x autocannon needs the harness's thread busy at most 4 / (autocannon's rate) per request
    compared('harness thread busy per request (warm, least) vs 1 / autocannon rate', Math.min(...measured.map((m) => m.busyUsPerRequest)), 'µs', 1e6 / raw),
    // a client costing nothing would still be bound by this: autocannon's GET by id is the reference's cheapest answer
    compared('reference thread busy per contract request vs per GET by id', referenceContractUs, 'µs', rawBefore.referenceUs ?? Number.NaN),
    // the ceiling of this harness and reference on this machine, however the work were spread over threads
    compared(
      `ceiling: ${cores} cores / CPU per request, all threads (warm, least)`,
      (cores * 1e6) / Math.min(...measured.map((m) => m.cpuUsPerRequest)),
      'req/s',
      raw,
    ),
    { name: 'contract suites: requests / checks', value: cold.requestsSent, unit: `req / ${cold.checks.length} checks` },
    { name: 'full default run (all suites)', value: full.durationMs / 1000, unit: `s, ${full.checks.length} checks, ${full.requestsSent} req` },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Harness throughput vs autocannon against the same reference (loopback, reference on its own thread)', await run());
}
