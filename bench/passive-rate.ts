// Request rate and latency through a passive session (the proxy, the forwarder) against the direct path and against a
// bare Node proxy, in interleaved rounds of the same run (the machine is shared and noisy: the medians of per-round
// ratios are the figures). The load generator and the target share this process, as a client and a service would
// share a machine the session is not on; the session runs in a process of its own.
import type { Figure } from './figures.js';
import { load } from './load.js';
import type { LoadRequest, LoadResult } from './load.js';
import type { PassiveChild } from './passive-child.js';

/** Rounds of each comparison (BENCH_ROUNDS), and the seconds of each path in a round (BENCH_SLICE_SECONDS). */
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const sliceSeconds = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
/** The rate at which latency is compared: below every path's saturation, a rate a client really sends. */
const latencyRate = 1_000;

/** One kind of request, sent to any origin. */
export interface Workload {
  readonly name: string;
  readonly request: Omit<LoadRequest, 'url'> & { readonly path: string };
}

/** The paths compared: straight to the target, through the session, through a bare proxy. */
export interface Paths {
  readonly direct: string;
  readonly session: PassiveChild;
  readonly bare: PassiveChild;
  /** "proxy" or "forwarder", for the figures' names. */
  readonly label: string;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function send(origin: string, workload: Workload, extra: Partial<LoadRequest> = {}): Promise<LoadResult> {
  const { path, ...request } = workload.request;
  return load({ ...request, url: `${origin}${path}`, duration: sliceSeconds, ...extra });
}

/** A figure whose value and baseline are medians over rounds, and whose ratio is the median of the rounds' ratios. */
function medianFigure(name: string, unit: string, values: number[], baselines: number[]): Figure {
  return { name, value: median(values), unit, baseline: median(baselines), ratio: median(values.map((v, i) => v / (baselines[i] as number))) };
}

/**
 * The figures of one workload: the session's rate vs direct and vs the bare proxy (medians of `rounds` interleaved
 * rounds at full speed), the share of its exchanges the session graded at that rate, p99 latency at 1,000 req/s vs
 * direct, and the answers that were not 2xx or failed (expected: none).
 */
export async function compareRates(paths: Paths, workload: Workload): Promise<Figure[]> {
  await send(paths.session.url, workload, { duration: 1 }); // warm both (the grading thread compiles its schemas once)
  await send(paths.bare.url, workload, { duration: 1 });
  const before = await paths.session.settled();
  const bareBefore = await paths.bare.stats();
  const direct: number[] = [];
  const via: number[] = [];
  const bare: number[] = [];
  let failed = 0;
  let viaTotal = 0;
  let bareTotal = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [origin, into] of [
      [paths.direct, direct],
      [paths.session.url, via],
      [paths.bare.url, bare],
    ] as const) {
      const result = await send(origin, workload);
      into.push(result.requestsPerSecond);
      if (origin === paths.session.url) {
        failed += result.non2xx + result.errors;
        viaTotal += result.total;
      }
      if (origin === paths.bare.url) bareTotal += result.total;
    }
  }
  const after = await paths.session.settled();
  const bareAfter = await paths.bare.stats();
  // CPU per request: what the machine's load does not change (the rates above move with it)
  const perRequest = (ms: number, total: number): number => (total === 0 ? Number.NaN : (1000 * ms) / total);
  const bareCpu = perRequest(bareAfter.mainCpuMs - bareBefore.mainCpuMs, bareTotal);
  const handled = after.completed - before.completed;
  const graded = after.graded - before.graded;
  const paced = { connections: 8, overallRate: latencyRate, duration: 3 };
  const directLatency = await send(paths.direct, workload, paced);
  const viaLatency = await send(paths.session.url, workload, paced);
  const afterPaced = await paths.session.settled();
  const pacedHandled = afterPaced.completed - after.completed;
  const pacedGraded = afterPaced.graded - after.graded;
  const label = `${workload.name}: ${paths.label}`;
  return [
    medianFigure(`${label} rate vs direct (median of ${rounds} rounds)`, 'req/s', via, direct),
    medianFigure(`${label} rate vs a bare Node proxy`, 'req/s', via, bare),
    medianFigure(`${workload.name}: bare Node proxy rate vs direct`, 'req/s', bare, direct),
    {
      name: `${label} CPU per request, forwarding thread, vs a bare Node proxy`,
      value: perRequest(after.mainCpuMs - before.mainCpuMs, viaTotal),
      unit: 'µs',
      baseline: bareCpu,
      ratio: perRequest(after.mainCpuMs - before.mainCpuMs, viaTotal) / bareCpu,
    },
    {
      name: `${label} CPU per request, all threads (grading included), vs a bare Node proxy`,
      value: perRequest(after.cpuMs - before.cpuMs, viaTotal),
      unit: 'µs',
      baseline: bareCpu,
      ratio: perRequest(after.cpuMs - before.cpuMs, viaTotal) / bareCpu,
    },
    { name: `${label} share graded at that rate (${graded} of ${handled})`, value: handled === 0 ? 0 : (100 * graded) / handled, unit: '%' },
    { name: `${label} answers not 2xx or failed at that rate (expect 0)`, value: failed, unit: 'requests' },
    {
      name: `${label} share graded at ${latencyRate} req/s (${pacedGraded} of ${pacedHandled})`,
      value: pacedHandled === 0 ? 0 : (100 * pacedGraded) / pacedHandled,
      unit: '%',
    },
    {
      name: `${label} p99 latency at ${latencyRate} req/s vs direct`,
      value: viaLatency.p99,
      unit: 'ms',
      baseline: directLatency.p99,
      ratio: directLatency.p99 === 0 ? Number.NaN : viaLatency.p99 / directLatency.p99,
    },
    { name: `${label} p99 added latency at ${latencyRate} req/s`, value: viaLatency.p99 - directLatency.p99, unit: 'ms' },
  ];
}
