// The idle-close test of `npm run bench -- proxy` (issue 26): the target closes kept-alive connections after 500 ms
// idle without saying so (no Keep-Alive header), and the client sends bursts separated by pauses around that time, so
// the session keeps finding connections the target is closing. The target never answers 5xx: every 5xx is false.
import { Agent, request } from 'node:http';
import type { Figure } from './figures.js';

/** The target's unannounced idle timeout in this test (below the session's own 1 s, so the target closes first). */
export const targetIdleMs = 500;
const bursts = Number(process.env.BENCH_IDLE_BURSTS ?? 30);
const burstSize = 24;

/** One request of the mix. */
export interface MixedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The kind, for the counts: e.g. "GET", "POST with Idempotency-Key". */
  readonly kind: string;
}

interface Outcome {
  readonly kind: string;
  readonly status: number;
}

function send(origin: string, agent: Agent, mixed: MixedRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(`${origin}${mixed.path}`, { method: mixed.method, headers: mixed.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ kind: mixed.kind, status: res.statusCode ?? 0 }));
      res.on('error', () => resolve({ kind: mixed.kind, status: 0 }));
    });
    req.on('error', () => resolve({ kind: mixed.kind, status: 0 }));
    req.end(mixed.body);
  });
}

/**
 * Bursts of the mix, each after a pause drawn from 0.5-2.5x the target's idle timeout (a fixed seed: both paths get the
 * same pauses). The client keeps its connections to the session for minutes (the session's own idle limit is 65 s),
 * so what fails is the session's hop to the target.
 */
async function bursty(origin: string, mix: readonly MixedRequest[]): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: burstSize, keepAliveMsecs: 1000 });
  const outcomes: Outcome[] = [];
  let seed = 26;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let burst = 0; burst < bursts; burst++) {
    await new Promise((resolve) => setTimeout(resolve, targetIdleMs * (0.5 + 2 * random())));
    outcomes.push(
      ...(await Promise.all(Array.from({ length: burstSize }, (_, i) => send(origin, agent, mix[(burst * burstSize + i) % mix.length] as MixedRequest)))),
    );
  }
  agent.destroy();
  return outcomes;
}

/** The idle-close figures of a session (`origin`) in front of an idle-closing target, next to the same traffic sent direct. */
export async function idleClose(label: string, direct: string, origin: string, mix: readonly MixedRequest[]): Promise<Figure[]> {
  const straight = await bursty(direct, mix);
  const via = await bursty(origin, mix);
  const kinds = [...new Set(mix.map((m) => m.kind))];
  const falseOnes = (outcomes: Outcome[], kind?: string): number =>
    outcomes.filter((o) => (kind === undefined || o.kind === kind) && (o.status >= 500 || o.status === 0)).length;
  return [
    {
      name: `${label} idle-close: false 5xx or failures via the ${label} (${via.length} requests; expect 0), vs direct with Node's client`,
      value: falseOnes(via),
      unit: 'requests',
      baseline: falseOnes(straight),
    },
    ...kinds.map((kind) => ({ name: `${label} idle-close: false 5xx or failures of ${kind}`, value: falseOnes(via, kind), unit: 'requests' })),
  ];
}
