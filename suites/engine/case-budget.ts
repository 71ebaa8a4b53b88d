import type { Target } from '../../targets/index.js';
import type { CaseScale } from '../checks/index.js';
import type { PlannedCheck } from './plan.js';
import { estimateRun } from './run-estimate.js';
import type { RunEstimate } from './run-estimate.js';
import { clientRatePerMinute, defaultRuns } from './safety.js';

/** The default --time-budget (minutes) on a target whose client keeps a rate (production: 100/min/key, spec §8). */
export const defaultTimeBudgetMinutes = 8;

/** The case scale of a run, what it is expected to cost, and whether that fits the time budget. */
export interface CaseBudget {
  readonly scale: CaseScale;
  readonly estimate: RunEstimate;
  /** The budget the scale was fitted to (only on a rate-limited target and without an explicit --runs). */
  readonly budgetMinutes?: number;
  /** False when even the leanest scale is over the budget. */
  readonly fits: boolean;
}

/** What fitting needs beyond the plan. */
export interface CaseBudgetOptions {
  readonly target: Target;
  /** --runs: when given it wins, nothing is fitted. */
  readonly runs?: number;
  /** --time-budget in minutes (default defaultTimeBudgetMinutes). */
  readonly timeBudgetMinutes?: number;
}

/** Richest first: fewer property cases, then shorter fixed lists (invalid inputs, URLs, bursts). */
function ladder(start: number): [number, number][] {
  const runs = [start, 5, 3, 2, 1].filter((n, i, all) => n <= start && all.indexOf(n) === i);
  return [...runs.map((n): [number, number] => [n, Infinity]), ...[8, 5, 3, 2, 1].map((n): [number, number] => [1, n])];
}

/**
 * The case scale of a run. On a target whose client keeps a rate, and unless --runs is given, the richest scale
 * whose expected wall time fits the time budget (the leanest when none does); elsewhere the default runs, all cases.
 */
export function fitCaseBudget(plan: readonly PlannedCheck[], options: CaseBudgetOptions): CaseBudget {
  const { target } = options;
  const rate = clientRatePerMinute(target);
  const profile = target.profile.name;
  const at = (runs: number, samples: number): { scale: CaseScale; estimate: RunEstimate } => {
    const scale = { runs, samples, profile };
    return { scale, estimate: estimateRun(plan, scale, rate) };
  };
  if (rate === null || options.runs !== undefined) {
    const scale = { runs: options.runs ?? defaultRuns(target), samples: Infinity, profile };
    let estimate: RunEstimate | undefined;
    // nothing is fitted: the estimate is counted only when read (--plan, a paced target's request budget), not at
    // every run's start, where it would ask each contract check for its near-misses (issue 28)
    return {
      scale,
      get estimate() {
        return (estimate ??= estimateRun(plan, scale, rate));
      },
      fits: true,
    };
  }
  const budgetMinutes = options.timeBudgetMinutes ?? defaultTimeBudgetMinutes;
  const candidates = ladder(defaultRuns(target)).map(([runs, samples]) => at(runs, samples));
  const chosen = candidates.find((candidate) => candidate.estimate.seconds <= budgetMinutes * 60);
  return { ...(chosen ?? (candidates[candidates.length - 1] as (typeof candidates)[number])), budgetMinutes, fits: chosen !== undefined };
}

/** The request budget a fitted run allows by default: its estimate with a margin, at least the budget's minutes at the rate. */
export function defaultMaxRequests(budget: CaseBudget, ratePerMinute: number | null): number {
  if (ratePerMinute === null || budget.budgetMinutes === undefined) return ratePerMinute === null ? 100_000 : Math.ceil(budget.estimate.requests * 1.5);
  return Math.ceil(Math.max(budget.estimate.requests * 1.5, budget.budgetMinutes * ratePerMinute + (budget.estimate.byKey.rateLimit ?? 0)));
}
