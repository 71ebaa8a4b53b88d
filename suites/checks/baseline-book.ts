import type { BaselineBook } from './check-context.js';

/** One recorded outcome of an operation's positive baseline. */
export interface BaselineEntry {
  readonly ok: boolean;
  readonly detail: string;
  /** The operation answered some valid request of the baseline with a 2xx (it accepts valid input), whatever the shape. */
  readonly accepted: boolean;
}

/**
 * The run's positive baselines: passed means recorded ok at least once and never recorded failing; accepted means some
 * valid request got a 2xx.
 */
export class RunBaselines implements BaselineBook {
  private readonly entries = new Map<string, BaselineEntry[]>();

  passed(operationId: string): boolean {
    const list = this.entries.get(operationId) ?? [];
    return list.length > 0 && list.every((entry) => entry.ok);
  }

  record(operationId: string, ok: boolean, detail = ok ? 'passed' : 'failed', accepted = ok): void {
    const list = this.entries.get(operationId) ?? [];
    list.push({ ok, detail, accepted: accepted || ok });
    this.entries.set(operationId, list);
  }

  /**
   * True when the operation answered valid input with a 2xx in this run (DESIGN.md §3 "Blocking follows acceptance,
   * not shape"): its input-validation checks can tell a refusal from refusing everything.
   */
  accepted(operationId: string): boolean {
    return (this.entries.get(operationId) ?? []).some((entry) => entry.accepted);
  }

  refusedValidInput(operationId: string): boolean {
    return this.has(operationId) && !this.accepted(operationId);
  }

  /** Why the operation's baseline does not count, or undefined when it passed. */
  whyNot(operationId: string): string | undefined {
    if (this.passed(operationId)) return undefined;
    const failing = (this.entries.get(operationId) ?? []).find((entry) => !entry.ok);
    return failing ? failing.detail : `no positive baseline of ${operationId} ran in this run`;
  }

  /** True when some outcome was recorded for the operation. */
  has(operationId: string): boolean {
    return this.entries.has(operationId);
  }
}
