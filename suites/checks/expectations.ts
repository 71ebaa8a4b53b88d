import { validate } from '../../spec/index.js';
import type { ValidationIssue } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import type { StatusClass, StatusExpectation } from './check-context.js';
import type { Breaks } from './attribution.js';
import { CheckFailure, TargetError } from './check-failure.js';
import type { FailureDetails } from './check-failure.js';

/** Throws a TargetError (check ERRORED) when the exchange failed at the network level. */
export function requireResponse(exchange: Exchange): asserts exchange is Exchange & { status: number } {
  if (exchange.error || exchange.status === undefined) {
    const error = exchange.error ?? { code: 'NO_RESPONSE', message: 'no status' };
    throw new TargetError(`${exchange.request.method} ${exchange.request.url} failed: ${error.code} ${error.message}`, { exchange });
  }
}

/** True when the status meets the expectation. */
export function statusMatches(status: number, expected: StatusExpectation): boolean {
  const options: readonly (number | StatusClass)[] = Array.isArray(expected) ? expected : [expected as number | StatusClass];
  return options.some((option) => (typeof option === 'number' ? status === option : Math.floor(status / 100) === Number(option[0])));
}

/** Fails (CheckFailure) unless the exchange's status meets the expectation; `details` name what it breaks. */
export function expectStatus(exchange: Exchange, expected: StatusExpectation, message?: string, details: FailureDetails = {}): Exchange {
  requireResponse(exchange);
  if (!statusMatches(exchange.status, expected)) {
    const wanted = Array.isArray(expected) ? expected.join(' or ') : String(expected);
    const what = `${exchange.request.method} ${new URL(exchange.request.url).pathname} answered ${exchange.status}, expected ${wanted}`;
    throw new CheckFailure(`${message ? `${message}: ` : ''}${what}${bodyHint(exchange)}`, { ...details, exchange, expected: wanted });
  }
  return exchange;
}

/**
 * Fails unless the exchange carries a JSON body that validates against the named spec schema; returns the body. A
 * violation names the requirements its schema keywords cite (x-requirements), else those of `details`.
 */
export function expectSchema(exchange: Exchange, schemaName: string, message?: string, details: FailureDetails = {}): unknown {
  requireResponse(exchange);
  const prefix = message ? `${message}: ` : '';
  if (exchange.json === undefined) {
    const why = exchange.jsonError ? `is not JSON (${exchange.jsonError})` : 'is empty';
    throw new CheckFailure(`${prefix}the ${schemaName} response body ${why}${bodyHint(exchange)}`, { ...details, exchange });
  }
  const result = validate(schemaName, exchange.json);
  if (!result.valid) {
    const shown = result.errors.slice(0, 5).join('; ');
    const more = result.errors.length > 5 ? ` (+${result.errors.length - 5} more)` : '';
    throw new CheckFailure(`${prefix}the response does not match ${schemaName}: ${shown}${more}`, { ...details, exchange, ...schemaDetails(result.issues) });
  }
  return exchange.json;
}

/**
 * Fails with the message unless the condition holds (the narrowing form of ctx.expect). `breaks` names the
 * requirement it shows broken; a failure of a check citing several that names none errors (run-check.ts).
 */
export function expectThat(condition: unknown, message: string, breaks: Breaks = {}): asserts condition {
  if (!condition) throw new CheckFailure(message, typeof breaks === 'string' ? { requirements: [breaks] } : breaks);
}

/** `{requirements}` when every issue cites one through x-requirements (else the failure is not attributed). */
export function citedBy(issues: readonly ValidationIssue[]): { requirements?: readonly string[] } {
  const cited = issues.map((issue) => issue.requirement);
  return cited.length > 0 && cited.every((id) => id !== undefined) ? { requirements: [...new Set(cited as string[])] } : {};
}

/** The failure details of schema issues: the requirements they cite (citedBy) and the JSON pointer of the first. */
export function schemaDetails(issues: readonly ValidationIssue[]): { requirements?: readonly string[]; pointer?: string } {
  const first = issues[0];
  return { ...citedBy(issues), ...(first === undefined ? {} : { pointer: first.path }) };
}

function bodyHint(exchange: Exchange): string {
  const text = exchange.bodyText.trim();
  if (text === '') return '';
  return ` (body: ${text.length > 200 ? `${text.slice(0, 200)}…` : text})`;
}
