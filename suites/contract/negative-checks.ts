import type fc from 'fast-check';
import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { defineCheck, requireResponse, sampled } from '../checks/index.js';
import type { CaseScale, Check, CheckContext, CheckCost, SharedSend, StatusExpectation } from '../checks/index.js';
import { contractCost } from './contract-cost.js';
import { toRequestOptions } from './contract-request.js';
import type { ContractRequest, RequestParts } from './contract-request.js';
import { FixtureResources } from './fixture-resources.js';
import { breakRequest, nearMissRequests, negativeCases } from './negative-cases.js';
import type { NegativeCase } from './negative-cases.js';
import { idStem, needsOf, suiteOf } from './operation-facts.js';
import { failures, gradeError, levelOf, readAnswer } from '../../rules/index.js';
import { loosest, requiredRuleRequirements } from './requirement-picks.js';
import { negativeCitation } from './spec-citations.js';

/** Generated valid requests each negative case is applied to (after the deterministic example). */
const negativeRuns = 4;

/** What runRefusals sends: `examples` hand-picked requests, then generated ones up to min(runs, negativeRuns). */
export function refusalsCost(operation: Operation, examples: number): (scale: CaseScale) => CheckCost {
  const counting = contractCost(operation);
  return ({ runs }) => counting.cost(Math.max(examples, Math.min(runs, negativeRuns)), false);
}

/** How a negative check builds its requests from valid ones, and what it expects. */
export interface Refusal {
  readonly name: string;
  /** The request sent for one valid request (its parts), e.g. the valid request with one constraint broken. */
  readonly breaks: (parts: RequestParts) => ContractRequest;
  /** The broken requests to generate (default: breaks() of generated valid requests). */
  readonly arbitrary?: (valid: fc.Arbitrary<RequestParts>) => fc.Arbitrary<ContractRequest>;
  /** The requests tried first, made from the example request (default: [breaks(example)]). */
  readonly examples?: (parts: RequestParts) => ContractRequest[];
  readonly expected: StatusExpectation;
}

/** The must check per invalid case, plus the operation's should-level 400 and observe-level error-body companions. */
export function negativeChecks(operation: Operation): Check[] {
  const stem = idStem(operation);
  const common = { suite: suiteOf(operation), needs: needsOf(operation), baseline: operation.id };
  const cases = negativeCases(operation);
  const checks = cases.map((kase) => {
    const requirements = caseRequirements(operation, kase);
    return defineCheck({
      ...common,
      id: `${stem}-${kase.words}`,
      title: `${operation.method} ${operation.path} refuses ${kase.label} with a 4xx`,
      requirements,
      level: loosest(kase.assumed ? 'should' : 'must', ...requirements.map(levelOf)),
      // counted when asked (--plan, a paced target's budget): the near-misses are made at first read
      estimate: (scale) => refusalsCost(operation, 1 + kase.nearMisses.length)(scale),
      run: (ctx) =>
        runRefusals(ctx, operation, {
          name: kase.label,
          breaks: (parts) => breakRequest(operation, parts, kase),
          // the near-misses of the constraint are tried on every run, whatever the seed (issue 23)
          examples: (parts) => [breakRequest(operation, parts, kase), ...nearMissRequests(operation, parts, kase)],
          expected: '4xx',
        }),
    });
  });
  // DESIGN.md §4: 400 for validation; a malformed path id may be 400 or 404, so path cases have their own companion
  const validation = cases.filter((kase) => kase.location !== 'path');
  const counting = contractCost(operation);
  const malformedIds = cases.filter((kase) => kase.location === 'path');
  if (malformedIds.length > 0) {
    checks.push(
      defineCheck({
        ...common,
        id: `${stem}-PATH-400-OR-404`,
        title: `${operation.method} ${operation.path} answers 400 or 404 to a malformed id (DESIGN.md §4)`,
        requirements: ['WH-PATH-MALFORMED'],
        estimate: ({ samples }: CaseScale) => counting.cost(sampled(malformedIds, samples).length, false),
        level: 'should',
        run: (ctx) =>
          runEachCase(ctx, operation, malformedIds, (exchange) =>
            exchange.status === 400 || exchange.status === 404 ? undefined : `answered ${exchange.status}, expected 400 or 404`,
          ),
      }),
    );
  }
  // four rules judge the same refusals: one send of each case serves them (decision 32)
  const refusals = `refusals of ${operation.id}`;
  const each = { estimate: ({ samples }: CaseScale) => ({ ...counting.cost(sampled(validation, samples).length, false), shared: refusals }) };
  if (validation.length > 0) {
    checks.push(
      defineCheck({
        ...common,
        id: `${stem}-INVALID-400`,
        title: `${operation.method} ${operation.path} answers 400 to each invalid request (DESIGN.md §4)`,
        requirements: ['ERR-VALIDATION-400'],
        ...each,
        level: 'should',
        run: (ctx) =>
          runEachCase(ctx, operation, validation, (exchange) => (exchange.status === 400 ? undefined : `answered ${exchange.status}, expected 400`), refusals),
      }),
      defineCheck({
        ...common,
        id: `${stem}-ERROR-JSON`,
        title: `${operation.method} ${operation.path}: refusals that carry a body carry JSON (spec §4 "Bodies are JSON")`,
        requirements: ['ERR-BODY-JSON'],
        ...each,
        level: 'must',
        run: (ctx) => runEachCase(ctx, operation, validation, refusalProblem(operation, 'ERR-BODY-JSON'), refusals),
      }),
      defineCheck({
        ...common,
        id: `${stem}-ERROR-CONTENT-TYPE`,
        title: `${operation.method} ${operation.path}: refusals declare a JSON Content-Type`,
        requirements: ['ERR-JSON-CONTENT-TYPE'],
        ...each,
        level: 'should',
        run: (ctx) => runEachCase(ctx, operation, validation, refusalProblem(operation, 'ERR-JSON-CONTENT-TYPE'), refusals),
      }),
      defineCheck({
        ...common,
        id: `${stem}-ERROR-BODY`,
        title: `${operation.method} ${operation.path}: refusals carry the DESIGN.md §4 error body (or RFC 7807 problem details)`,
        requirements: ['ERR-BODY-SHAPE'],
        ...each,
        level: 'observe',
        run: (ctx) => runEachCase(ctx, operation, validation, refusalProblem(operation, 'ERR-BODY-SHAPE'), refusals),
      }),
    );
  }
  return checks;
}

/** The case's own requirement (ERR-VALIDATION-4XX when it cites none), the uncited spec rule it proves, and the required-ness rules. */
function caseRequirements(operation: Operation, kase: NegativeCase): string[] {
  const uncited = negativeCitation(operation, kase.words);
  const own = kase.invalid.requirement ?? 'ERR-VALIDATION-4XX';
  const rules = kase.invalid.keyword === 'required' && kase.location === 'body' ? requiredRuleRequirements(operation) : [];
  return [...new Set([own, ...(uncited ? [uncited] : []), ...rules])];
}

/** Sends broken versions of the example request and of a few generated valid ones; each must get the expected status. */
export async function runRefusals(ctx: CheckContext, operation: Operation, refusal: Refusal): Promise<void> {
  const resources = new FixtureResources(ctx);
  try {
    const path = await resources.prepare(operation);
    const generator = resources.generator(operation);
    const valid = generator.valid(path);
    const arbitrary = refusal.arbitrary ? refusal.arbitrary(valid) : valid.map(refusal.breaks);
    const example = generator.example(path);
    const examples = refusal.examples ? refusal.examples(example) : [refusal.breaks(example)];
    // examples count toward numRuns: every hand-picked example runs, however low --runs is
    const numRuns = Math.max(examples.length, Math.min(ctx.runs, negativeRuns));
    await ctx.property(
      refusal.name,
      arbitrary,
      async (request) => {
        const mark = resources.mark();
        try {
          const exchange = await ctx.http.request(toRequestOptions(request));
          resources.adopt(operation, exchange);
          ctx.expectStatus(exchange, refusal.expected, request.case, { requirements: refusalBreaks(ctx.check.requirements, exchange.status) });
        } finally {
          await resources.release(mark);
        }
      },
      { examples, numRuns },
    );
  } finally {
    await resources.release();
  }
}

/**
 * What an answer other than the refusal shows broken: every requirement the check cites (its constraint, the spec rule,
 * the required-ness rules), except that only a 5xx breaks ERR-NO-5XX.
 */
function refusalBreaks(cited: readonly string[], status: number | undefined): string[] {
  const serverError = status !== undefined && status >= 500;
  const shown = cited.filter((id) => id !== 'ERR-NO-5XX' || serverError);
  return shown.length > 0 ? shown : [...cited];
}

/** One invalid request runEachCase sent, with the example it broke (for the counterexample). */
interface SentCase {
  readonly kase: NegativeCase;
  readonly example: RequestParts;
  readonly exchange: Exchange;
}

/**
 * Sends each case once (broken example request; the first ctx.samples of them); fails listing every case whose answer
 * has a problem. The checks judging the same cases (`shareAs`) judge one send of them (CheckContext.shared).
 */
async function runEachCase(
  ctx: CheckContext,
  operation: Operation,
  all: readonly NegativeCase[],
  problem: (exchange: Exchange) => string | undefined,
  shareAs?: string,
): Promise<void> {
  const cases = sampled(all, ctx.samples);
  const send = () => sendEachCase(ctx, operation, cases);
  const sent = shareAs === undefined ? (await send()).value : await ctx.shared(shareAs, send);
  const found: (SentCase & { why: string })[] = [];
  for (const one of sent) {
    requireResponse(one.exchange);
    // these rules judge refusals: one counts as evidence (the operation accepts valid input: DESIGN.md §3)
    if (isRefusal(one.exchange)) ctx.evidence(one.exchange);
    const why = problem(one.exchange);
    if (why !== undefined) found.push({ ...one, why });
  }
  const first = found[0];
  if (first) {
    const list = found
      .slice(0, 5)
      .map((f) => `${f.kase.label}: ${f.why}`)
      .join('; ');
    ctx.fail(`${found.length} of ${cases.length} invalid requests: ${list}${found.length > 5 ? ' …' : ''}`, {
      exchange: first.exchange,
      counterexample: breakRequest(operation, first.example, first.kase),
    });
  }
}

/** Sends the broken example request of each case, on the check's fixtures; incomplete when its deadline came first. */
async function sendEachCase(ctx: CheckContext, operation: Operation, cases: readonly NegativeCase[]): Promise<SharedSend<SentCase[]>> {
  const resources = new FixtureResources(ctx);
  const sent: SentCase[] = [];
  try {
    const example = resources.generator(operation).example(await resources.prepare(operation));
    for (const kase of cases) {
      if (ctx.signal.aborted) return { value: sent, complete: false };
      const mark = resources.mark();
      const exchange = await ctx.http.request(toRequestOptions(breakRequest(operation, example, kase)));
      resources.adopt(operation, exchange);
      await resources.release(mark);
      sent.push({ kase, example, exchange });
    }
    return { value: sent, complete: true };
  } finally {
    await resources.release();
  }
}

const isRefusal = (exchange: Exchange) => exchange.status !== undefined && exchange.status >= 400 && exchange.status < 500;

/**
 * The refusal grader of one requirement: what rules/answer-grading.ts's gradeError finds broken of it in a 4xx answer
 * (the proxy grades refusals with the same function), as the case's problem.
 */
function refusalProblem(operation: Operation, requirement: string): (exchange: Exchange) => string | undefined {
  return (exchange) => {
    if (!isRefusal(exchange)) return undefined;
    const answer = { status: exchange.status as number, headers: exchange.headers, body: readAnswer(exchange.bodyText, exchange) };
    const found = failures(gradeError(operation, answer)).find((finding) => finding.requirement === requirement);
    return found === undefined ? undefined : `the ${exchange.status} answer: ${found.message}`;
  };
}
