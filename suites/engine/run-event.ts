import type { CheckResult, RunResult } from '../../results/run-result.js';

/** Progress of a run, for the CLI (onEvent). */
export type RunEvent =
  | { readonly type: 'run-start'; readonly target: RunResult['target']; readonly total: number; readonly seed: number; readonly runs: number }
  | { readonly type: 'check-start'; readonly id: string; readonly suite: string; readonly title: string }
  | { readonly type: 'check-log'; readonly id: string; readonly message: string }
  /** The lifecycle watchers begin: `checks` of them, `atOnce` at a time (they wait on the target's lifecycle). */
  | { readonly type: 'stage'; readonly stage: 'lifecycle'; readonly checks: number; readonly atOnce: number }
  | { readonly type: 'check-end'; readonly result: CheckResult; readonly done: number; readonly total: number }
  | { readonly type: 'run-end'; readonly result: RunResult };
