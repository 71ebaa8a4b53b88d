import type { Finding } from '../rules/index.js';
import type { Grading } from './grade-exchange.js';
import { printable } from './printable.js';

/** One violation as reports show it: when, which exchange, what broke (sanitised, bounded; redacted on output). */
export interface Violation {
  readonly requirement: string;
  readonly at: string;
  /** e.g. "GET /v1/webhooks -> 200". */
  readonly exchange: string;
  readonly message: string;
}

/** Counts of one requirement over the session. */
export interface RequirementCount {
  passes: number;
  failures: number;
  /** Observations the history rules judged (the most of any judgement: the window moves on). */
  judged: number;
  /** Refusals of requests that break it, by operation id: they count once the operation's baseline is seen. */
  readonly refusals: Map<string, number>;
  /** The first violations (at most samplesPerRequirement). */
  readonly samples: Violation[];
}

/** Traffic of one operation (or "outside" the contract): exchanges by status class. */
export interface OperationTraffic {
  exchanges: number;
  /** A valid request answered 2xx (DESIGN.md §3 baseline). */
  baselines: number;
  ungraded: number;
  readonly byClass: Record<'1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'none', number>;
}

/** How many violations each requirement keeps for the reports: memory stays flat however long the session runs. */
export const samplesPerRequirement = 5;

/** The counters a session reports (a {@link SessionTally}, or a copy of one sent from the grading thread). */
export interface TallySnapshot {
  readonly requirements: ReadonlyMap<string, RequirementCount>;
  readonly operations: ReadonlyMap<string, OperationTraffic>;
  /** Exchanges the grader saw: graded, outside the contract, or not graded (the reason in notGraded). */
  readonly exchanges: number;
  readonly outside: number;
  /** Exchanges of contract operations the grader saw but could not grade, by reason (no answer, a body past the limit ...). */
  readonly notGraded: ReadonlyMap<string, number>;
}

/** Counters of a session: per requirement and per operation, never per exchange (bounded memory, issue 18 §4). */
export class SessionTally implements TallySnapshot {
  readonly requirements = new Map<string, RequirementCount>();
  readonly operations = new Map<string, OperationTraffic>();
  exchanges = 0;
  outside = 0;
  readonly notGraded = new Map<string, number>();

  /** Adds one graded exchange; returns the violations it showed (for the live console line). */
  add(grading: Grading, exchange: string, at: number): Violation[] {
    this.exchanges += 1;
    if (grading.kind === 'outside') {
      this.outside += 1;
      return [];
    }
    const traffic = this.trafficOf(grading.operationId);
    traffic.exchanges += 1;
    if (grading.kind === 'ungraded') {
      traffic.ungraded += 1;
      this.notGraded.set(grading.why, (this.notGraded.get(grading.why) ?? 0) + 1);
      traffic.byClass[classOf(grading.status)] += 1;
      return [];
    }
    traffic.byClass[classOf(grading.status)] += 1;
    if (grading.baseline) traffic.baselines += 1;
    return grading.findings.flatMap((finding) => this.count(finding, grading.operationId, exchange, at));
  }

  /** Counts an exchange the grader saw but could not grade at all (a grading error). */
  notGradedFor(why: string): void {
    this.exchanges += 1;
    this.notGraded.set(why, (this.notGraded.get(why) ?? 0) + 1);
  }

  /**
   * Adds what the history rules found over the session's window: how many observations they judged per requirement,
   * and contradictions not reported before (`exchange` describes the later entry; the message names both).
   */
  addJudgement(
    judged: Readonly<Record<string, number>>,
    contradictions: readonly { requirement: string; exchange: string; message: string; at: number }[],
  ): Violation[] {
    for (const [requirement, times] of Object.entries(judged)) {
      if (times === 0) continue;
      const count = this.countOf(requirement);
      count.judged = Math.max(count.judged, times);
    }
    // a contradiction names two exchanges: it gets room for both
    return contradictions.map((c) => this.violation(this.countOf(c.requirement), c.requirement, c.exchange, c.message, c.at, 1200));
  }

  private count(finding: Finding, operationId: string, exchange: string, at: number): Violation[] {
    const count = this.countOf(finding.requirement);
    if (finding.outcome === 'pass') count.passes += 1;
    else if (finding.outcome === 'refusal') count.refusals.set(operationId, (count.refusals.get(operationId) ?? 0) + 1);
    else return [this.violation(count, finding.requirement, exchange, finding.message, at)];
    return [];
  }

  private violation(count: RequirementCount, requirement: string, exchange: string, message: string, at: number, maxMessage?: number): Violation {
    count.failures += 1;
    const violation = { requirement, at: new Date(at).toISOString(), exchange: printable(exchange, 240), message: printable(message, maxMessage) };
    if (count.samples.length < samplesPerRequirement) count.samples.push(violation);
    return violation;
  }

  private countOf(requirement: string): RequirementCount {
    let count = this.requirements.get(requirement);
    if (count === undefined) {
      count = { passes: 0, failures: 0, judged: 0, refusals: new Map(), samples: [] };
      this.requirements.set(requirement, count);
    }
    return count;
  }

  private trafficOf(operationId: string): OperationTraffic {
    let traffic = this.operations.get(operationId);
    if (traffic === undefined) {
      traffic = { exchanges: 0, baselines: 0, ungraded: 0, byClass: { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, none: 0 } };
      this.operations.set(operationId, traffic);
    }
    return traffic;
  }
}

function classOf(status: number | undefined): keyof OperationTraffic['byClass'] {
  return status === undefined ? 'none' : (`${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx` as '2xx');
}
