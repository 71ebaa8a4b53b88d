import type { PlannedCheck } from './plan.js';

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
  /** True when the check declared its estimate (else it is derived from --runs). */
  readonly declared: boolean;
  readonly note?: string;
}

/** What --plan prints: every planned check, and totals. Nothing is sent to make it. */
export interface PlanReport {
  readonly target: { readonly name: string; readonly profile: string };
  readonly guarded: boolean;
  readonly allowSend: boolean;
  readonly maxSends: number;
  readonly lines: readonly PlanLine[];
  readonly totals: { readonly checks: number; readonly skipped: number; readonly requests: number; readonly billableSends: number };
  /** Minutes the requests take at the client's rate, when it keeps one (spec §8: 100/min in production). */
  readonly minutesAtRate?: number;
}

/** The inputs of a plan report beyond the plan. */
export interface PlanReportOptions {
  readonly target: { readonly name: string; readonly profile: string };
  readonly runs: number;
  readonly guarded: boolean;
  readonly allowSend: boolean;
  readonly allowRecipients: readonly string[];
  readonly maxSends: number;
  readonly ratePerMinute: number | null;
}

/** Estimates requests and billable sends per check: declared `estimate`, else runs + 1 requests (and runs sends for billable checks). */
export function planReport(plan: readonly PlannedCheck[], options: PlanReportOptions): PlanReport {
  let budget = options.maxSends;
  const sendsAllowed = options.allowSend && options.allowRecipients.length > 0;
  const lines = plan.map(({ check, skip }): PlanLine => {
    const base = { id: check.id, suite: check.suite, level: check.level, declared: check.estimate !== undefined };
    if (skip !== undefined) return { ...base, skip, requests: 0, sends: 0 };
    const requests = check.estimate?.requests ?? options.runs + 1;
    const wanted = check.estimate?.sends ?? (check.needs?.includes('billable') ? options.runs : 0);
    if (!options.guarded) return { ...base, requests, sends: 0, ...(wanted > 0 ? { note: `${wanted} free sends (not billable here)` } : {}) };
    if (wanted > 0 && !sendsAllowed) return { ...base, requests, sends: 0, note: 'its sends are refused by the client (no --allow-send / --allow-recipient)' };
    const sends = Math.min(wanted, budget);
    budget -= sends;
    return { ...base, requests, sends, ...(sends < wanted ? { note: `${wanted - sends} sends over --max-sends are refused` } : {}) };
  });
  const running = lines.filter((line) => line.skip === undefined);
  const requests = running.reduce((sum, line) => sum + line.requests, 0);
  return {
    target: options.target,
    guarded: options.guarded,
    allowSend: options.allowSend,
    maxSends: options.maxSends,
    lines,
    totals: { checks: running.length, skipped: lines.length - running.length, requests, billableSends: running.reduce((sum, line) => sum + line.sends, 0) },
    ...(options.ratePerMinute ? { minutesAtRate: Math.ceil((requests / options.ratePerMinute) * 10) / 10 } : {}),
  };
}

/** The plan as text for the terminal. */
export function formatPlanReport(report: PlanReport): string {
  const { totals } = report;
  const out = [
    `Plan for ${report.target.name} (profile ${report.target.profile}): nothing is sent to make it.`,
    report.guarded
      ? `Sends are guarded: ${report.allowSend ? `allowed up to --max-sends ${report.maxSends}, only to --allow-recipient numbers` : 'refused (no --allow-send)'}.`
      : 'Sends are not billable on this target.',
    '',
    `${'check'.padEnd(40)} ${'level'.padEnd(7)} ${'requests'.padStart(8)} ${'sends'.padStart(5)}  notes`,
  ];
  for (const line of report.lines) {
    const notes = [line.skip ? `skip: ${line.skip}` : '', line.note ?? '', line.skip || line.declared ? '' : 'estimated from --runs'].filter(Boolean).join('; ');
    out.push(`${line.id.padEnd(40)} ${line.level.padEnd(7)} ${String(line.requests).padStart(8)} ${String(line.sends).padStart(5)}  ${notes}`);
  }
  out.push(
    '',
    `Total: ${totals.checks} checks run, ${totals.skipped} skipped, about ${totals.requests} requests, ${totals.billableSends} billable sends.`,
  );
  if (report.minutesAtRate !== undefined) out.push(`At the client's rate limit that is at least ${report.minutesAtRate} minutes.`);
  return `${out.join('\n')}\n`;
}
