import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Delivery } from '../receiver/index.js';
import { loadRegistry } from '../suites/index.js';
import type { CheckRegistry, Selection } from '../suites/checks/index.js';
import { runConformance } from '../suites/engine/index.js';
import type { RunEvent, RunOptions } from '../suites/engine/index.js';
import { Redactor } from '../targets/index.js';
import type { Target } from '../targets/index.js';
import { compareRuns } from './compare-runs.js';
import type { ParitySideRun } from './compare-options.js';
import type { ParityResult } from './parity-result.js';
import { parityRules } from './parity-rules.js';
import type { ParityRules } from './parity-rules.js';

/** One side: a target (not started) and how it was named (for re-run commands). */
export interface ParityTarget {
  readonly target: Target;
  /** e.g. reference, reference+fault:<id>, reference:simulator, a URL (default: the target's name). */
  readonly spec?: string;
}

/** Options of runParity; a and b are required. */
export interface ParityOptions {
  readonly a: ParityTarget;
  readonly b: ParityTarget;
  readonly registry?: CheckRegistry;
  readonly selection?: Selection;
  /** The seed both runs use (default random). */
  readonly seed?: number;
  readonly runs?: number;
  readonly concurrency?: number;
  readonly timeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly maxRequests?: number;
  readonly allowBillable?: boolean;
  /** conform flags both sides run with that a side's re-run command must repeat (conventions; --allow-send is added from allowBillable). */
  readonly sharedFlags?: readonly string[];
  /** Rule overrides, or complete rules (loadParityRules). */
  readonly rules?: Partial<ParityRules>;
  /** Run both sides at once (default true; they share nothing). */
  readonly parallel?: boolean;
  readonly onEvent?: (side: 'a' | 'b', event: RunEvent) => void;
  readonly signal?: AbortSignal;
}

/** Runs the same checks with the same seed against both targets and compares them behaviour by behaviour. */
export async function runParity(options: ParityOptions): Promise<ParityResult> {
  const start = performance.now();
  const registry = options.registry ?? (await loadRegistry());
  const seed = options.seed ?? randomInt(1, 2 ** 31 - 1);
  const rules = parityRules(options.rules);
  const runSide = async (which: 'a' | 'b', side: ParityTarget): Promise<ParitySideRun> => {
    let deliveries: readonly Delivery[] = [];
    const redactor = new Redactor();
    const run: RunOptions = {
      target: side.target,
      registry,
      seed,
      redactor,
      recordExchanges: true,
      onDeliveries: (all) => {
        deliveries = all;
      },
      ...(options.selection ? { selection: options.selection } : {}),
      runs: options.runs,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
      maxRequests: options.maxRequests,
      allowBillable: options.allowBillable,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onEvent ? { onEvent: (event: RunEvent) => options.onEvent?.(which, event) } : {}),
    };
    const result = await runConformance(run);
    return { spec: side.spec ?? side.target.name, target: side.target, result, deliveries, redactor };
  };
  const [a, b] =
    options.parallel === false
      ? [await runSide('a', options.a), await runSide('b', options.b)]
      : await Promise.all([runSide('a', options.a), runSide('b', options.b)]);
  const sharedFlags = [...(options.sharedFlags ?? []), ...(options.allowBillable ? ['--allow-send'] : [])];
  return compareRuns({ a, b, registry, rules, sharedFlags, durationMs: Math.round(performance.now() - start) });
}
