import { validate } from '../../spec/index.js';
import { requirementById } from '../../spec/requirements.js';
import type { Exchange, RequestOptions } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { CheckFailure, requireResponse } from '../checks/index.js';
import type { ModelLevel } from './model-level.js';

/** One executed step of a run, for the reproduction. */
export interface ModelStep {
  readonly text: string;
  outcome?: string;
}

/**
 * The real side of a model run: the check's context, the enforced level and the log of steps. Each assertion is
 * tagged with the level of its requirement and enforced only in a run of that level, so the must check fails only
 * on what the spec states and the should companion only on DESIGN.md §4 decisions.
 */
export class ModelReal {
  readonly steps: ModelStep[] = [];

  constructor(
    readonly ctx: CheckContext,
    readonly level: ModelLevel,
  ) {}

  /** Starts a step of the reproduction. */
  step(text: string): void {
    this.steps.push({ text });
  }

  /** Sends a request and notes its status on the current step; a network failure makes the check ERRORED. */
  async request(options: RequestOptions): Promise<Exchange & { status: number }> {
    const exchange = await this.ctx.http.request(options);
    requireResponse(exchange);
    const current = this.steps[this.steps.length - 1];
    if (current) current.outcome = current.outcome ? `${current.outcome}, then ${exchange.request.method} ${exchange.status}` : String(exchange.status);
    return exchange;
  }

  /** A spec-stated promise (requirement level must): enforced by the must run. */
  must(requirement: string, condition: unknown, message: string, exchange?: Exchange): asserts condition {
    if (this.level === 'must') this.assert(requirement, condition, message, exchange);
  }

  /** A DESIGN.md §4 decision (requirement level should): enforced by the should run. */
  should(requirement: string, condition: unknown, message: string, exchange?: Exchange): void {
    if (this.level === 'should') this.assert(requirement, condition, message, exchange);
  }

  /**
   * The DESIGN.md §4 success status (should), judged on a 2xx only: a refusal breaks the must rules (issue 34), not
   * which 2xx a success carries.
   */
  successStatus(requirement: string, expected: number, exchange: Exchange & { status: number }): void {
    if (exchange.status >= 200 && exchange.status < 300)
      this.should(requirement, exchange.status === expected, `${answered(exchange)}, not ${expected}`, exchange);
    else this.refused('ERR-SUCCESS-2XX', exchange, 'a valid request');
  }

  /**
   * A valid request refused: it breaks `requirement` (a must rule) in a run of either level, so the should run stops
   * there too rather than pass what it never reached; folded under the same refusal elsewhere (blocking.ts).
   */
  refused(requirement: string, exchange: Exchange & { status: number }, what: string): void {
    if (exchange.status >= 200 && exchange.status < 300) return;
    const current = this.steps[this.steps.length - 1];
    if (current) current.outcome = `${current.outcome ?? ''} ✗`.trim();
    throw new CheckFailure(`${answered(exchange)} to ${what}`, { exchange, requirements: [requirement], expected: '2xx' });
  }

  /**
   * Validates the body against a spec schema: an issue counts at the level of the requirement its keyword cites (else
   * must, citing `fallback`); issues in x-assumed parts (DESIGN.md §4) are should-level. True when valid.
   */
  schema(exchange: Exchange, schemaName: string, fallback: string, shouldFallback = fallback): boolean {
    const result = validate(schemaName, exchange.json);
    if (result.valid) this.ctx.evidence(exchange);
    for (const issue of result.issues) {
      const where = `${exchange.request.method} ${new URL(exchange.request.url).pathname}: ${schemaName}${issue.path} ${issue.keyword} ${issue.message}`;
      const level = issue.assumed ? 'should' : (requirementById(issue.requirement ?? fallback)?.level ?? 'must');
      if (level === 'should') this.should(issue.requirement ?? shouldFallback, false, where, exchange);
      else if (level === 'must') this.must(issue.requirement ?? fallback, false, where, exchange);
    }
    return result.valid;
  }

  private assert(requirement: string, condition: unknown, message: string, exchange?: Exchange): void {
    if (condition) {
      if (exchange) this.ctx.evidence(exchange);
      return;
    }
    const current = this.steps[this.steps.length - 1];
    if (current) current.outcome = `${current.outcome ?? ''} ✗`.trim();
    // the requirement travels in the attribution, never in the text (issue 16)
    throw new CheckFailure(message, { ...(exchange ? { exchange } : {}), requirements: [requirement] });
  }
}

/** "POST /v1/x answered 500" for messages. */
export function answered(exchange: Exchange & { status: number }): string {
  return `${exchange.request.method} ${new URL(exchange.request.url).pathname} answered ${exchange.status}`;
}

/** True for a 2xx status. */
export const is2xx = (status: number): boolean => status >= 200 && status < 300;
/** True for a 4xx status. */
export const is4xx = (status: number): boolean => status >= 400 && status < 500;
