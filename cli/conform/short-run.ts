import { setFlagsFromString } from 'node:v8';

/** Most property cases per operation of a run the optimizing compiler is not worth to (the default is 50). */
export const shortRunMaxRuns = 100;

/** What decides whether a run is short: its property cases per operation, and whether the client keeps a rate. */
export interface RunShape {
  readonly runs: number;
  /** True when the client keeps a rate (spec §8 on production): the run waits on the rate, not on CPU. */
  readonly paced: boolean;
}

/**
 * Decision 30: a short CPU-bound run (an unpaced target, at most shortRunMaxRuns cases: the default run is ~2,200
 * requests in 2-3 s) goes without V8's optimizing compiler. Its background compiles were about a third of the run's
 * CPU (0.8-1.0 s of 2.9 s) for code that runs a second or two; without them the main and reference threads run ~15%
 * slower, the run ~10% faster on 2 cores. Only the sms-conform process calls this (cli/conform/conform.ts): V8 flags
 * are process-wide, so a library caller's process keeps its own. Returns true when it switched the compiler off.
 */
export function tuneForShortRun(shape: RunShape): boolean {
  if (!isShortRun(shape)) return false;
  setFlagsFromString('--no-opt');
  return true;
}

/** True for an unpaced run of at most shortRunMaxRuns property cases per operation. */
export function isShortRun(shape: RunShape): boolean {
  return !shape.paced && shape.runs <= shortRunMaxRuns;
}
