import type { Operation } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { defineCheck, isSuccess } from '../checks/index.js';
import { firstWrongShape, namesDiffer, shapeFailure } from './wrong-shape.js';
import type { WrongShape } from './wrong-shape.js';
import type { CaseScale, Check, CheckContext } from '../checks/index.js';
import { gradeSuccess } from './answer-grading.js';
import type { Grade } from './answer-grading.js';
import { toContractRequest, toRequestOptions, withPathValues } from './contract-request.js';
import { contractCost } from './contract-cost.js';
import { FixtureResources } from './fixture-resources.js';
import { assumedRequirements, levelOf, successResponse, successStatusRequirement } from '../../rules/index.js';
import { idStem, needsOf, suiteOf } from './operation-facts.js';
import { loosest, positiveRequirements } from './requirement-picks.js';
import { expectAcceptedParts, maxIsolations } from './refused-part.js';
import { expectVersionedRoute } from './versioned-route.js';

/** Cases of an operation whose requests cannot vary (no query, headers or body): repeating them proves little. */
const fixedRequestRuns = 3;
/** The should-level checks re-grade a sample: this many boundary cases and random cases at most. */
const sampleSize = 10;

/** The positive checks of an operation: the must baseline, the DESIGN §4 success status, the assumed shape. */
export function positiveChecks(operation: Operation): Check[] {
  const stem = idStem(operation);
  const where = `${operation.method} ${operation.path}`;
  const schemaName = successResponse(operation)?.schemaName;
  const common = { suite: suiteOf(operation), needs: needsOf(operation) };
  const counting = contractCost(operation);
  const cases = (runs: number, grade: Grade): number => {
    const numRuns = counting.varies ? runs : Math.min(runs, fixedRequestRuns);
    return grade === 'must' ? numRuns : Math.min(numRuns, sampleSize);
  };
  // the should-level checks re-grade the baseline's first cases: one send serves the three (decision 32)
  const shared = validAnswersOf(operation);
  const estimate = (grade: Grade) => ({ estimate: ({ runs }: CaseScale) => ({ ...counting.cost(cases(runs, grade), true), shared }) });
  const checks = [
    defineCheck({
      ...common,
      id: `${stem}-POSITIVE`,
      title: `${where}: valid requests (boundaries first) get a 2xx${schemaName ? ' and a valid body' : ''}`,
      requirements: positiveRequirements(operation),
      level: 'must',
      baselineFor: operation.id,
      ...estimate('must'),
      run: async (ctx) => {
        const sample = await runPositive(ctx, operation, 'must');
        // it passed: its first cases' answers are there for the should-level checks to grade
        await ctx.shared(shared, async () => ({ value: sample, complete: true }));
      },
    }),
  ];
  const statusRequirements = [successStatusRequirement(operation), ...(schemaName ? ['ERR-JSON-CONTENT-TYPE'] : [])];
  checks.push(
    defineCheck({
      ...common,
      id: `${stem}-SUCCESS-STATUS`,
      title: `${where}: valid requests get ${operation.successStatus}${schemaName ? ' with application/json' : ' without a body'} (DESIGN.md §4)`,
      requirements: statusRequirements,
      level: loosest('should', ...statusRequirements.map(levelOf)),
      ...estimate('status'),
      run: (ctx) => regrade(ctx, operation, 'status', cases(ctx.runs, 'status')),
    }),
  );
  const assumed = assumedRequirements(operation);
  if (assumed.length > 0) {
    checks.push(
      defineCheck({
        ...common,
        id: `${stem}-ASSUMED-SHAPE`,
        title: `${where}: the answer has the shape DESIGN.md §4 decides where the spec is silent`,
        requirements: assumed,
        // it reads the answer's fields: it waits on the shape the positive baseline proves (DESIGN.md §3)
        uses: [operation.id],
        level: loosest('should', ...assumed.map(levelOf)),
        ...estimate('assumed'),
        run: (ctx) => regrade(ctx, operation, 'assumed', cases(ctx.runs, 'assumed')),
      }),
    );
  }
  return checks;
}

/** The key of the valid requests' answers an operation's positive checks share (CheckContext.shared). */
const validAnswersOf = (operation: Operation): string => `valid requests of ${operation.id}`;

/** An operation's first valid cases (plain, boundaries, then random: the same for each of its positive checks) and their answers. */
type Sample = readonly Exchange[];

/**
 * A should-level positive check: grades the first of the answers the operation's baseline got to the very requests
 * it would send (the same examples first, the same seed), else sends its own (then a third check can grade those).
 */
async function regrade(ctx: CheckContext, operation: Operation, grade: Grade, cases: number): Promise<void> {
  let own = false;
  const sample = await ctx.shared(validAnswersOf(operation), async () => {
    own = true;
    return { value: await runPositive(ctx, operation, grade), complete: true };
  });
  if (own) return;
  for (const exchange of sample.slice(0, cases)) gradeSuccess(ctx, operation, exchange, grade);
}

/**
 * Sends boundary requests, then random valid ones, and grades every answer; cleans up what it created. Returns the
 * first sampleSize cases' answers (what the should-level checks grade).
 */
async function runPositive(ctx: CheckContext, operation: Operation, grade: Grade): Promise<Sample> {
  const schemaName = successResponse(operation)?.schemaName;
  const sample: Exchange[] = [];
  const resources = new FixtureResources(ctx);
  try {
    if (grade === 'must') await expectRouteExists(ctx, operation);
    // an operation that consumes its resource (DELETE) gets a fresh one per case
    const perCase = operation.method === 'DELETE';
    const path = perCase ? undefined : await resources.prepare(operation);
    const generator = resources.generator(operation);
    // the plain request first (DESIGN.md §3: a counterexample that reads plainly), then every boundary
    let examples = [
      toContractRequest(operation, generator.plain(path), 'plain'),
      ...generator.boundaries(path).map((b) => toContractRequest(operation, b.parts, b.label)),
    ];
    let numRuns = generator.varies ? ctx.runs : Math.min(ctx.runs, fixedRequestRuns);
    if (grade !== 'must') {
      examples = examples.slice(0, sampleSize);
      numRuns = Math.min(numRuns, sampleSize);
    }
    const arbitrary = generator.valid(path).map((parts) => toContractRequest(operation, parts));
    let isolations = 0;
    // a 2xx in a wrong shape fails the baseline once, at the end: the cases after it still show what the operation
    // refuses, a refused valid value failing its own rule (issue 34: a missing field hides no refused filter); names
    // of the target's own fail at once (the dialect they call for comes first)
    let wrongShape: WrongShape | undefined;
    let cases = 0;
    await ctx.property(
      `valid ${operation.id} requests`,
      arbitrary,
      async (request) => {
        // behind a kept wrong shape only the plain and boundary cases run (each valid value once): bounded sends
        if (wrongShape !== undefined && cases >= examples.length) return;
        const mark = resources.mark();
        try {
          const sent = perCase ? withPathValues(request, await resources.prepare(operation)) : request;
          const exchange = await ctx.http.request(toRequestOptions(sent));
          if (sample.length < sampleSize) sample.push(exchange);
          resources.adopt(operation, exchange);
          if (grade === 'must') await expectVersionedRoute(ctx, toRequestOptions(sent), exchange);
          // a refusal of valid input: which part the target refuses (bounded: shrinking repeats the failure)
          if (grade === 'must' && exchange.status !== undefined && exchange.status >= 400 && isolations++ < maxIsolations)
            await expectAcceptedParts(ctx, operation, toRequestOptions(sent), exchange);
          cases += 1;
          if (grade !== 'must' || !isSuccess(exchange) || namesDiffer(schemaName, exchange)) gradeSuccess(ctx, operation, exchange, grade);
          else wrongShape ??= firstWrongShape(() => gradeSuccess(ctx, operation, exchange, grade), sent, cases);
        } finally {
          await resources.release(mark);
        }
      },
      { examples, numRuns },
    );
    if (wrongShape !== undefined) throw shapeFailure(operation, wrongShape, ctx.seed);
    return sample;
  } finally {
    await resources.release();
  }
}

/**
 * DESIGN.md §3 "Test whatever exists": a list or read without path parameters is tried once before its fixtures are
 * made, so a missing route (404/405) shows as this operation not implemented, not as blocked by a fixture operation.
 * Only GETs: nothing billable is sent for it.
 */
async function expectRouteExists(ctx: CheckContext, operation: Operation): Promise<void> {
  if (operation.method.toUpperCase() !== 'GET' || operation.path.includes('{')) return;
  const request = { method: 'GET', path: operation.path };
  await expectVersionedRoute(ctx, request, await ctx.http.request(request));
}
