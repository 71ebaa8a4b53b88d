import type { Exchange } from '../../targets/index.js';

/**
 * What a check observed that exercises what it cites (DESIGN.md §3 "Evidence or nothing"): a check that ends without
 * any is not passed, whatever it returned (suites/engine/run-check.ts makes it blocked or skipped, saying why).
 * The expectations record it for every check alike (suites/engine/create-context.ts): a graded 2xx answer, a
 * refusal by an operation that accepts valid input in this run; a check whose evidence is something else (a
 * delivery, a non-empty compared list, a filter that matched) records it with ctx.evidence.
 */
export class Evidence {
  private readonly seen: string[] = [];
  private count = 0;

  /** Records one observation (kept: the first few, for the log). */
  record(what: string): void {
    if (this.seen.length < 5) this.seen.push(what);
    else this.count += 1;
  }

  /** True when the check observed anything that counts. */
  get observed(): boolean {
    return this.seen.length > 0;
  }

  /** The observations, for the check's log. */
  get list(): readonly string[] {
    return this.count === 0 ? this.seen : [...this.seen, `${this.count} more`];
  }
}

/** A 2xx answer (the only kind whose shape a check can grade). */
export function isSuccess(exchange: Exchange): boolean {
  return exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300;
}

/** "GET /v1/messages 200": how an observation names its exchange. */
export function exchangeLabel(exchange: Exchange): string {
  let path = exchange.request.url;
  try {
    path = new URL(exchange.request.url).pathname;
  } catch {
    // keep the raw URL
  }
  return `${exchange.request.method} ${path} ${exchange.status ?? exchange.error?.code ?? '?'}`;
}
