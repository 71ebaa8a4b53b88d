import type { Delivery } from './delivery.js';
import { ReceiverError } from './errors.js';

/** How the receiver answers requests under a path prefix. */
export interface Answer {
  /** HTTP status (default 200). */
  status?: number;
  /** Wait this long before answering (or closing). */
  delayMs?: number;
  /** Response body: a string as is, anything else as JSON (default {"ok":true}). */
  body?: unknown;
  /** Pad or cut the body to exactly this many characters (e.g. 5000 to test response_body truncation, spec §2.4). */
  bodySize?: number;
  /** Destroy the socket without answering (a network-level failure for the sender). */
  close?: boolean;
  headers?: Record<string, string>;
  /** Apply to the next `times` matching requests only, then fall back to the next rule. */
  times?: number;
  /**
   * Apply only to the first delivery that arrives at the path and to its retries, told apart from other deliveries by
   * this key (e.g. its body): `times` then counts that delivery's attempts, and every other delivery gets the default
   * answer. "The first two attempts of one delivery" holds however many deliveries share the path.
   */
  oneDelivery?: (delivery: Delivery) => string;
  /**
   * Hold the answer (after delayMs) until this settles, at most 10 s: a test makes the sender wait for something it
   * does meanwhile (e.g. a rotation completes before a failed attempt is answered).
   */
  until?: Promise<unknown>;
}

/** An answer resolved for one request. */
export interface ResolvedAnswer {
  status: number;
  delayMs: number;
  close: boolean;
  body: string;
  headers: Record<string, string>;
  until?: Promise<unknown>;
}

const DEFAULT_BODY = '{"ok":true}';

function validate(path: string, answer: Answer): void {
  const bad = (what: string): never => {
    throw new ReceiverError('invalid_option', `respond("${path}") got an invalid ${what}; fix the answer definition`);
  };
  if (!path.startsWith('/')) bad('path (it must start with "/")');
  if (answer.status !== undefined && (!Number.isInteger(answer.status) || answer.status < 100 || answer.status > 599)) bad('status (100-599)');
  for (const key of ['delayMs', 'bodySize'] as const) {
    const v = answer[key];
    if (v !== undefined && (!Number.isFinite(v) || v < 0)) bad(`${key} (a number >= 0)`);
  }
  if (answer.times !== undefined && (!Number.isInteger(answer.times) || answer.times < 1)) bad('times (an integer >= 1)');
}

function renderBody(answer: Answer): string {
  let body = answer.body === undefined ? DEFAULT_BODY : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  if (answer.bodySize !== undefined) {
    const size = Math.floor(answer.bodySize);
    // A recognisable, position-revealing filler so a truncated copy shows where it was cut.
    while (body.length < size) body += 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, size - body.length);
    body = body.slice(0, size);
  }
  return body;
}

/** Programmable answers per path prefix; the longest matching prefix wins. */
export class AnswerTable {
  private rules = new Map<string, { answer: Answer; body: string; left: number; delivery?: string }>();

  /** Sets (or with `undefined`, removes) the answer for requests whose path starts with `path`. */
  set(path: string, answer: Answer | undefined): void {
    if (answer === undefined) {
      this.rules.delete(path);
      return;
    }
    validate(path, answer);
    this.rules.set(path, { answer, body: renderBody(answer), left: answer.times ?? Infinity });
  }

  /** Removes every rule. */
  reset(): void {
    this.rules.clear();
  }

  /** The answer for a delivery (by its path), consuming one use of a `times` rule (only by the rule's one delivery with `oneDelivery`). */
  resolve(delivery: Pick<Delivery, 'path'> & Partial<Delivery>): ResolvedAnswer {
    const { path } = delivery;
    let best: string | undefined;
    for (const prefix of this.rules.keys()) {
      if (path.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
    }
    const rule = best === undefined ? undefined : this.rules.get(best);
    const plain: ResolvedAnswer = { status: 200, delayMs: 0, close: false, body: DEFAULT_BODY, headers: {} };
    if (rule === undefined || best === undefined) return plain;
    const { answer } = rule;
    if (answer.oneDelivery) {
      const key = answer.oneDelivery(delivery as Delivery);
      rule.delivery ??= key;
      if (key !== rule.delivery) return plain;
    }
    if (--rule.left <= 0) this.rules.delete(best);
    return {
      status: answer.status ?? 200,
      delayMs: answer.delayMs ?? 0,
      close: answer.close ?? false,
      body: rule.body,
      headers: answer.headers ?? {},
      ...(answer.until === undefined ? {} : { until: answer.until }),
    };
  }
}
