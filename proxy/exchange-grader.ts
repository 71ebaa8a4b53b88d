import type { Redactor } from '../targets/redact.js';
import { capturedExchange } from './captured-exchange.js';
import type { CapturedExchange, WireExchange } from './captured-exchange.js';
import { gradeExchange } from './grade-exchange.js';
import type { Grading } from './grade-exchange.js';
import { IdempotencyTracker } from './idempotency-tracker.js';
import { matchOperation } from '../rules/index.js';
import { SessionTally } from './session-tally.js';
import type { Violation } from './session-tally.js';

/** Grades the exchanges of one proxy session into its tally; learns the session's secrets first, for redaction. */
export class ExchangeGrader {
  readonly tally = new SessionTally();
  private readonly idempotency: IdempotencyTracker;

  constructor(
    private readonly redactor: Pick<Redactor, 'addSecret' | 'learnFrom'>,
    private readonly onViolation: (violation: Violation) => void = () => undefined,
    idempotencyCapacity = 10_000,
  ) {
    this.idempotency = new IdempotencyTracker(idempotencyCapacity);
  }

  /** Keys remembered for replay grading. */
  get idempotencyKeys(): number {
    return this.idempotency.size;
  }

  /** Grades one exchange; returns the violations it showed (also given to onViolation). */
  grade(wire: WireExchange): Violation[] {
    const exchange = capturedExchange(wire);
    this.learnSecrets(exchange);
    const grading = wire.tunnelled
      ? notGradedAs(exchange, 'tunnelled after Upgrade (101)')
      : wire.requestCut && exchange.status !== undefined
        ? notGradedAs(exchange, 'the request was not whole when the answer ended')
        : namedReason(gradeExchange(exchange, this.idempotency));
    const label = `${exchange.method} ${exchange.url} -> ${exchange.status ?? exchange.error ?? 'no answer'}`;
    const violations = this.tally.add(grading, label, exchange.finishedAt);
    for (const violation of violations) this.onViolation(violation);
    return violations;
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
  return { kind: 'ungraded', operationId: matched.operation.id, why, ...(exchange.status === undefined ? {} : { status: exchange.status }) };
}

/** The reason an exchange is not graded, as reports name it ("no answer from the target (TIMEOUT)"). */
function namedReason(grading: Grading): Grading {
  if (grading.kind !== 'ungraded' || grading.status !== undefined) return grading;
  if (grading.why === 'CLIENT_GONE') return { ...grading, why: 'the client left before the answer was whole' };
  if (grading.why === 'ANSWER_CUT') return { ...grading, why: 'the answer broke off' };
  return { ...grading, why: `no answer from the target (${grading.why})` };
}
