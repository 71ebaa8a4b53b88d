import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';
import type { Selection } from '../../suites/checks/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { CheckResult, RunResult } from '../../suites/engine/index.js';
import { loadRegistry } from '../../suites/index.js';
import { profileFor, urlTarget } from '../../targets/index.js';

/** Short timeouts: a request gets 400 ms, a check 1.5 s. */
export const requestTimeoutMs = 400;
export const checkTimeoutMs = 1_500;

/** The handles that would keep a process alive or leak a connection. */
function openHandles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) {
    if (/TCPSocketWrap|TLSWrap|PipeWrap|Timeout|Immediate/.test(kind)) counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** What one chaos run produced. */
export interface ChaosOutcome {
  readonly result: RunResult;
  readonly elapsedMs: number;
  check(id: string): CheckResult;
}

/**
 * Runs the harness (runConformance, real checks: the built-in ones, or the real suites selected) against a chaos URL
 * and asserts what every chaos test needs: no crash, done within `boundMs`, and no handle left open afterwards.
 */
export async function runChaos(baseUrl: string, options: { boundMs?: number; selection?: Selection; modules?: 'builtin' | 'all' } = {}): Promise<ChaosOutcome> {
  const registry = await loadRegistry(options.modules === 'all' ? undefined : ['./checks/builtin/index.js']);
  const before = openHandles();
  const started = performance.now();
  const result = await runConformance({
    target: urlTarget(baseUrl, profileFor('simulator'), {}, { name: 'chaos' }),
    registry,
    ...(options.selection ? { selection: options.selection } : {}),
    runs: 3,
    seed: 42,
    requestTimeoutMs,
    timeoutMs: checkTimeoutMs,
    concurrency: 4,
  });
  const elapsedMs = performance.now() - started;
  expect(elapsedMs, 'the run finished within its bound').toBeLessThan(options.boundMs ?? 5_000);
  // sockets close asynchronously after the pool closes: allow them a moment, then no kind of handle may have grown
  const grown = (): string[] => {
    const after = openHandles();
    return Object.keys(after)
      .filter((kind) => (after[kind] ?? 0) > (before[kind] ?? 0))
      .map((kind) => `${kind} ${before[kind] ?? 0} -> ${after[kind]}`);
  };
  for (let i = 0; i < 40 && grown().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(grown(), 'handles left open by the run').toEqual([]);
  return {
    result,
    elapsedMs,
    check(id) {
      const found = result.checks.find((c) => c.id === id);
      if (!found) throw new Error(`no result for ${id}: ${result.checks.map((c) => c.id).join(', ')}`);
      return found;
    },
  };
}

/** No HTTP answer to the reachability probe: every check skipped, TARGET_UNREACHABLE with the reason, exit 2. */
export function expectUnreachable(outcome: ChaosOutcome, reason: RegExp): void {
  expect(outcome.result.setupError).toMatchObject({ code: 'TARGET_UNREACHABLE', message: expect.stringMatching(reason) });
  expect(outcome.result.setupError?.message).toMatch(/^target not reachable: .*To fix: /);
  expect(outcome.result.exitCode).toBe(2);
  expect(outcome.result.checks.every((c) => c.status === 'skipped' && /target not reachable/.test(c.reason ?? ''))).toBe(true);
}

/** The probe and the connection check passed (healthy twice), and the shape check that met the chaos ended as status with the reason. */
export function expectShape(outcome: ChaosOutcome, status: 'failed' | 'errored', reason: RegExp): void {
  expect(outcome.check('USER-ME-CONNECTION').status).toBe('passed');
  expect(outcome.check('USER-ME-SHAPE')).toMatchObject({ status, reason: expect.stringMatching(reason) });
  expect(outcome.result.exitCode).toBe(1);
}
