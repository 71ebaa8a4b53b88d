import type { CaseBudget } from './case-budget.js';
import type { PlannedCheck } from './plan.js';
import { runCosts } from './run-estimate.js';
import type { RunCost } from './run-estimate.js';
import type { RunEstimate } from './run-estimate.js';

/** One planned check with what it would cost. */
export interface PlanLine {
  readonly id: string;
  readonly suite: string;
  readonly level: string;
  /** Why it would be skipped (then it costs nothing). */
  readonly skip?: string;
  readonly requests: number;
  /** Billable sends the client would let through (0 when sends are refused). */
  readonly sends: number;
  /** True when the check declared its estimate (else a typical scenario's is assumed). */
  readonly declared: boolean;
  readonly note?: string;
  /** The check whose requests this one judges too (CheckCost.shared): it sends none of its own. */
  readonly sharedWith?: string;
}

/** What --plan prints: every planned check, and totals. Nothing is sent to make it. */
export interface PlanReport {
  readonly target: { readonly name: string; readonly profile: string };
  readonly guarded: boolean;
  readonly allowSend: boolean;
  readonly maxSends: number;
  readonly lines: readonly PlanLine[];
  readonly totals: { readonly checks: number; readonly skipped: number; readonly requests: number; readonly billableSends: number };
  /** The case scale, the whole run's estimate and the time budget it was fitted to. */
  readonly budget: CaseBudget;
  /** The client's rate per key, when it keeps one (spec §8: 100/min in production). */
  readonly ratePerMinute: number | null;
  /** Minutes the run is expected to take (at the client's rate when it keeps one). */
  readonly minutesAtRate?: number;
  /** True when no API key was given: the plan assumes the keys the flags would give. */
  readonly keyless?: boolean;
}

/** The inputs of a plan report beyond the plan. */
export interface PlanReportOptions {
  readonly target: { readonly name: string; readonly profile: string };
  readonly budget: CaseBudget;
  readonly guarded: boolean;
  readonly allowSend: boolean;
  readonly allowRecipients: readonly string[];
  readonly maxSends: number;
  readonly ratePerMinute: number | null;
  readonly keyless?: boolean;
}

/** Requests and billable sends per check at the budget's case scale (see costOf), capped by --max-sends. */
export function planReport(plan: readonly PlannedCheck[], options: PlanReportOptions): PlanReport {
  let budget = options.maxSends;
  const sendsAllowed = options.allowSend && options.allowRecipients.length > 0;
  const costs = runCosts(plan, options.budget.scale);
  const lines = plan.map(({ check, skip }): PlanLine => {
    const declared = check.estimate !== undefined;
    if (skip !== undefined) return { id: check.id, suite: check.suite, level: check.level, declared, skip, requests: 0, sends: 0 };
    // checks sharing a send (CheckCost.shared): the first planned sends, the others judge its answers
    const { cost, sharedWith } = costs.get(check.id) as RunCost;
    const base = { id: check.id, suite: check.suite, level: check.level, declared, ...(sharedWith === undefined ? {} : { sharedWith }) };
    const requests = Math.round(cost.requests);
    const wanted = Math.round(cost.sends);
    if (!options.guarded) return { ...base, requests, sends: 0, ...(wanted > 0 ? { note: `${wanted} free sends (not billable here)` } : {}) };
    if (wanted > 0 && !sendsAllowed) return { ...base, requests, sends: 0, note: 'its sends are refused by the client (no --allow-send / --allow-recipient)' };
    const sends = Math.min(wanted, budget);
    budget -= sends;
    return { ...base, requests, sends, ...(sends < wanted ? { note: `${wanted - sends} sends over --max-sends are refused` } : {}) };
  });
  const running = lines.filter((line) => line.skip === undefined);
  const { estimate } = options.budget;
  return {
    target: options.target,
    guarded: options.guarded,
    allowSend: options.allowSend,
    maxSends: options.maxSends,
    lines,
    totals: {
      checks: running.length,
      skipped: lines.length - running.length,
      requests: Math.round(estimate.requests),
      billableSends: running.reduce((sum, line) => sum + line.sends, 0),
    },
    budget: options.budget,
    ratePerMinute: options.ratePerMinute,
    minutesAtRate: Math.round(estimate.seconds / 6) / 10,
    ...(options.keyless ? { keyless: true } : {}),
  };
}

/** The plan as text for the terminal. */
export function formatPlanReport(report: PlanReport): string {
  const { totals, budget } = report;
  const out = [
    `Plan for ${report.target.name} (profile ${report.target.profile}): nothing is sent to make it.`,
    report.guarded
      ? `Sends are guarded: ${report.allowSend ? `allowed up to --max-sends ${report.maxSends}, only to --allow-recipient numbers` : 'refused (no --allow-send)'}.`
      : 'Sends are not billable on this target.',
    ...(report.keyless
      ? [
          'No --api-key was given: the plan assumes one (it sends nothing). Checks that need --starter-api-key or --rate-limit-api-key are planned only when those are given.',
        ]
      : []),
    '',
    `${'check'.padEnd(40)} ${'level'.padEnd(7)} ${'requests'.padStart(8)} ${'sends'.padStart(5)}  notes`,
  ];
  for (const line of report.lines) {
    const notes = [
      line.skip ? `skip: ${line.skip}` : '',
      line.sharedWith ? `judges the answers ${line.sharedWith} gets` : '',
      line.note ?? '',
      line.skip || line.declared ? '' : 'typical scenario assumed',
    ]
      .filter(Boolean)
      .join('; ');
    out.push(`${line.id.padEnd(40)} ${line.level.padEnd(7)} ${String(line.requests).padStart(8)} ${String(line.sends).padStart(5)}  ${notes}`);
  }
  out.push(
    '',
    `Total: ${totals.checks} checks run, ${totals.skipped} skipped, about ${totals.requests} requests (${keyLine(budget.estimate)}), ${totals.billableSends} billable sends.`,
    `Cases: --runs ${budget.scale.runs}${Number.isFinite(budget.scale.samples) ? `, fixed case lists cut to ${budget.scale.samples}` : ', every fixed case'}${budget.budgetMinutes === undefined ? '' : ` (fitted to --time-budget ${budget.budgetMinutes} min)`}.`,
  );
  if (report.ratePerMinute !== null) out.push(`Expected wall time: about ${report.minutesAtRate} minutes at ${report.ratePerMinute} requests/min per key.`);
  if (!budget.fits)
    out.push(`Even the leanest cases do not fit --time-budget ${budget.budgetMinutes} min: raise it, or select fewer checks (--suite, --check).`);
  return `${out.join('\n')}\n`;
}

const keyNames: Record<string, string> = {
  growth: 'api key',
  starter: 'starter key',
  rateLimit: 'rate-limit key',
  secondGrowth: 'second key',
  none: 'no key',
  unknown: 'unknown key',
};

/** "706 api key, 2 starter key, 101 rate-limit key": the requests each key sends (each has its own rate, spec §8). */
function keyLine(estimate: RunEstimate): string {
  return Object.entries(estimate.byKey)
    .map(([role, count]) => `${Math.round(count)} ${keyNames[role] ?? role}`)
    .join(', ');
}
