import { describeSeq, historyRules, judgeHistory, matchOperation } from '../rules/index.js';
import type { History } from '../rules/index.js';
import type { Redactor } from '../targets/redact.js';
import { capturedExchange } from './captured-exchange.js';
import type { CapturedExchange, WireExchange } from './captured-exchange.js';
import { gradeExchange } from './grade-exchange.js';
import type { Grading } from './grade-exchange.js';
import { SessionHistory } from './session-history.js';
import { SessionTally } from './session-tally.js';
import type { Violation } from './session-tally.js';

/** How often the history rules judge the session's window while traffic flows (and once more at the end). */
const judgementIntervalMs = 1_000;
/**
 * Judging reads the whole window (up to 10,000 calls: 20-60 ms of CPU for small answers, 100-250 ms for pages of 100
 * messages, issue 26 profile), so the next judgement waits at least this many times as long as the last one took:
 * the history rules take at most a tenth of the grading thread, whatever the traffic. It never waits longer than the
 * window's span, so every call is still in the window at one judgement at least.
 */
const judgementShare = 10;

/**
 * Grades the exchanges of one proxy session into its tally, each on its own with the graders of rules/, and the
 * session's history (its latest calls) with the history rules: what one exchange cannot show, two contradicting ones
 * do (a PUT and a later list, a replay and its first answer). Learns the session's secrets first, for redaction.
 */
export class ExchangeGrader {
  readonly tally = new SessionTally();
  private readonly history: SessionHistory;
  private readonly reported = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** How long the last judgement took, ms. */
  private judgedInMs = 0;

  constructor(
    private readonly redactor: Pick<Redactor, 'addSecret' | 'learnFrom'>,
    private readonly onViolation: (violation: Violation) => void = () => undefined,
    historyCalls = 10_000,
  ) {
    this.history = new SessionHistory(historyCalls);
  }

  /** Idempotency-Keys the history rules remember now (replays are judged among the session's latest calls). */
  get idempotencyKeys(): number {
    return this.history.idempotencyKeys;
  }

  /** Grades one exchange; returns the violations it showed (also given to onViolation). */
  grade(wire: WireExchange): Violation[] {
    const exchange = capturedExchange(wire);
    this.learnSecrets(exchange);
    const grading = wire.tunnelled
      ? notGradedAs(exchange, 'tunnelled after Upgrade (101)')
      : wire.requestCut && exchange.status !== undefined
        ? notGradedAs(exchange, 'the request was not whole when the answer ended')
        : namedReason(gradeExchange(exchange));
    const label = `${exchange.method} ${exchange.url} -> ${exchange.status ?? exchange.error ?? 'no answer'}`;
    const violations = this.tally.add(grading, label, exchange.finishedAt);
    for (const violation of violations) this.onViolation(violation);
    if (grading.kind !== 'outside' && grading.matched !== undefined) {
      this.history.record(exchange, grading.matched, grading.kind === 'graded' ? grading.json : undefined);
      // off the grading of each exchange, at most once a second (less often when judging costs): the rules read the whole window
      this.timer ??= setTimeout(() => this.judge(), this.nextJudgementMs()).unref();
    }
    return violations;
  }

  /** Judges the session's history now (the session's end calls it); returns the contradictions not reported before. */
  judge(): Violation[] {
    clearTimeout(this.timer);
    this.timer = undefined;
    const started = performance.now();
    const history = this.history.history();
    const judged: Record<string, number> = {};
    const found: { requirement: string; exchange: string; message: string; at: number }[] = [];
    for (const rule of historyRules) {
      const judgement = judgeHistory(rule, history);
      for (const [id, times] of Object.entries(judgement.judged)) judged[id] = Math.max(judged[id] ?? 0, times);
      for (const c of judgement.contradictions) {
        // the window moves on: an entry is known by its time and request, not by its seq
        const key = `${c.requirement}|${c.earlier.map((seq) => entryKey(history, seq)).join(',')}|${entryKey(history, c.later)}`;
        if (this.reported.has(key)) continue;
        this.reported.add(key);
        const later = history.entry(c.later);
        found.push({
          requirement: c.requirement,
          exchange: describeSeq(history, c.later),
          message: c.message,
          at: later?.kind === 'call' ? later.finishedAt : Date.now(),
        });
      }
    }
    const violations = this.tally.addJudgement(judged, found);
    for (const violation of violations) this.onViolation(violation);
    this.judgedInMs = performance.now() - started;
    return violations;
  }

  private nextJudgementMs(): number {
    return Math.max(judgementIntervalMs, Math.min(judgementShare * this.judgedInMs, 0.9 * this.history.spanMs));
  }

  /** API keys and signing secrets never reach an output (DESIGN.md §5): the redactor learns them before any line is made. */
  private learnSecrets(exchange: CapturedExchange): void {
    this.redactor.addSecret(exchange.requestHeaders['x-api-key']);
    this.redactor.addSecret(exchange.requestHeaders.authorization);
    if (!exchange.responseBody.includes('signing_secret')) return;
    try {
      this.redactor.learnFrom(JSON.parse(exchange.responseBody.toString('utf8')));
    } catch {
      // not JSON: the redactor's signing-secret patterns still scrub whsec_ values wherever they appear
    }
  }
}

/** An exchange of a contract operation counted as not graded (a tunnel, a request cut short), or outside the contract. */
function notGradedAs(exchange: CapturedExchange, why: string): Grading {
  const matched = matchOperation(exchange.method, new URL(exchange.url, 'http://proxy.invalid').pathname);
  if (matched === undefined) return { kind: 'outside' };
  return { kind: 'ungraded', operationId: matched.operation.id, why, matched, ...(exchange.status === undefined ? {} : { status: exchange.status }) };
}

/** An entry's identity across judgements of a moving window. */
function entryKey(history: History, seq: number): string {
  const entry = history.entry(seq);
  return entry?.kind === 'call' ? `${entry.startedAt}:${entry.method}:${entry.path}` : String(seq);
}

/** The reason an exchange is not graded, as reports name it ("no answer from the target (TIMEOUT)"). */
function namedReason(grading: Grading): Grading {
  if (grading.kind !== 'ungraded' || grading.status !== undefined) return grading;
  if (grading.why === 'CLIENT_GONE') return { ...grading, why: 'the client left before the answer was whole' };
  if (grading.why === 'ANSWER_CUT') return { ...grading, why: 'the answer broke off' };
  return { ...grading, why: `no answer from the target (${grading.why})` };
}
