import { operationById, operations, validate } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import { issueRequirement, successResponse } from '../../rules/index.js';
import { dialectEntries, fieldNames } from '../../targets/index.js';
import type { Dialect, Exchange, Profile, Target } from '../../targets/index.js';
import { defineCheck, isSuccess } from '../checks/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { partSchema, toContractRequest, toRequestOptions } from '../contract/contract-request.js';
import { FixtureResources } from '../contract/fixture-resources.js';
import { nameDifferences } from '../engine/name-differences.js';
import { targetMessage } from '../engine/target-answer.js';

/**
 * DESIGN.md §3 "Dialects": with --dialect the run sends the target's names and reads its answers in the spec's, so
 * everything behind a naming gap is tested. The spec's names stay a must (DESIGN.md §4's at should): these checks
 * send and read without the mapping (`dialect: false`) and fail, once, each requirement that names a field the target
 * names its own way, with what the target said.
 */
const suite = 'scenarios/dialect';

const withDialect = (_profile: Profile, target: Target): true | string =>
  target.conventions.dialect === undefined
    ? "no --dialect given: the run reads the target in the spec's names, so a name it gives otherwise fails where it is read"
    : true;

const dialectOf = (ctx: CheckContext): Dialect => ctx.target.conventions.dialect as Dialect;

/** The request fields of an operation the dialect renames (its body's and query's own properties). */
function renamedRequestFields(dialect: Dialect, operation: Operation): string[] {
  const names = Object.keys(fieldNames(dialect, operation.id));
  const own = (['body', 'query'] as const).flatMap((location) => Object.keys((partSchema(operation, location)?.properties as object | undefined) ?? {}));
  return names.filter((name) => own.includes(name));
}

/** The requirement a valid request refused for its names breaks: the operation's own success rule, else ERR-SUCCESS-2XX. */
const successOf = (operation: Operation): string => operation.requirements.success ?? 'ERR-SUCCESS-2XX';

/** spec §4: a valid request in the spec's names is accepted; one the target refuses for a name it calls otherwise fails. */
const requestNames = defineCheck({
  id: 'DIALECT-REQUEST-NAMES',
  title: "valid requests in the spec's field names (not the --dialect ones) are accepted",
  suite,
  requirements: [...new Set(['ERR-SUCCESS-2XX', ...operations.map(successOf)])],
  level: 'must',
  needs: ['billable'],
  appliesTo: withDialect,
  async run(ctx) {
    const refused: { what: string; exchange: Exchange; requirement: string }[] = [];
    for (const operation of operations) {
      const fields = renamedRequestFields(dialectOf(ctx), operation);
      if (fields.length === 0 || !ctx.baseline.accepted(operation.id)) continue;
      const resources = new FixtureResources(ctx);
      try {
        const parts = resources.generator(operation).plain(await resources.prepare(operation));
        const exchange = await ctx.http.request({ ...toRequestOptions(toContractRequest(operation, parts, 'plain')), dialect: false });
        resources.adopt(operation, exchange);
        ctx.evidence(exchange);
        const names = fields.map((field) => `${field} (the target's ${fieldNames(dialectOf(ctx), operation.id)[field]})`).join(', ');
        if (isSuccess(exchange)) ctx.log(`${operation.id} also accepts the spec's ${names}`);
        else {
          const said = targetMessage(exchange);
          const what = `${operation.method} ${operation.path} with the spec's ${names} answered ${exchange.status ?? 'nothing'}${said === undefined ? '' : `: "${said}"`}`;
          refused.push({ what, exchange, requirement: successOf(operation) });
        }
      } finally {
        await resources.release();
      }
    }
    const first = refused[0];
    if (first === undefined) return;
    ctx.fail(`${refused.map((r) => r.what).join('; ')} (--dialect ${dialectEntries(dialectOf(ctx)).join(' --dialect ')})`, {
      exchange: first.exchange,
      requirements: [...new Set(refused.map((r) => r.requirement))],
    });
  },
});

/** The reads the answer checks send without the mapping: each a GET whose answer the spec shapes. */
const reads: readonly {
  readonly operationId: string;
  readonly path: (ctx: CheckContext) => Promise<string | undefined>;
  readonly query?: Record<string, number>;
}[] = [
  { operationId: 'listMessages', path: async () => '/v1/messages', query: { limit: 5 } },
  { operationId: 'getMessage', path: async (ctx) => firstMessagePath(ctx) },
  { operationId: 'listWebhooks', path: async () => '/v1/webhooks' },
  { operationId: 'getCurrentUser', path: async () => '/v1/user/me' },
];

/** A message to read by id: the first one the (mapped) list holds. */
async function firstMessagePath(ctx: CheckContext): Promise<string | undefined> {
  const list = await ctx.http.request({ method: 'GET', path: '/v1/messages', query: { limit: 1 } });
  const id = ((list.json as { data?: { id?: unknown }[] } | undefined)?.data?.[0] as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? `/v1/messages/${encodeURIComponent(id)}` : undefined;
}

/** A name the target's raw answer gives where the spec (or DESIGN.md §4) names another, with the requirement naming it. */
interface AnswerGap {
  readonly text: string;
  readonly requirement: string;
  readonly decided: boolean;
  readonly exchange: Exchange;
}

/** The names mapped by the dialect that the raw answers of the reads that work show (each once), with the requirement of `cited` that names each. */
async function answerGaps(ctx: CheckContext, cited: readonly string[]): Promise<AnswerGap[]> {
  const dialect = dialectOf(ctx);
  const mapped = new Set(dialectEntries(dialect).map((entry) => entry.replace(/^[^=]*\./, '').replace(/^list=/, 'data=')));
  const gaps = new Map<string, AnswerGap>();
  for (const read of reads) {
    const operation = operationById(read.operationId);
    const schemaName = operation === undefined ? undefined : successResponse(operation)?.schemaName;
    if (operation === undefined || schemaName === undefined || !ctx.baseline.accepted(operation.id)) continue;
    const path = await read.path(ctx);
    if (path === undefined) continue;
    const exchange = await ctx.http.request({ method: 'GET', path, ...(read.query ? { query: read.query } : {}), dialect: false });
    if (!isSuccess(exchange) || exchange.json === undefined) continue;
    ctx.evidence(exchange);
    const issues = validate(schemaName, exchange.json).issues;
    for (const difference of nameDifferences(schemaName, exchange.json)) {
      const offset = difference.spec === 'page' && difference.target === dialect.pageOffset;
      if (!offset && !mapped.has(`${difference.spec}=${difference.target}`)) continue;
      const issue = issues.find((i) => i.keyword === 'required' && i.path.endsWith(`/${difference.spec}`));
      const requirement = issue === undefined ? (cited[0] as string) : issueRequirement(operation, issue, cited);
      const text = `${exchange.request.method} ${new URL(exchange.request.url).pathname} answers \`${difference.target}\` where ${difference.source} names \`${difference.spec}\``;
      gaps.set(`${difference.spec}=${difference.target}`, { text, requirement, decided: difference.source === 'DESIGN.md §4', exchange });
    }
  }
  return [...gaps.values()];
}

function answerCheck(id: string, decided: boolean): Check {
  const requirements = decided ? ['PAGE-OBJECT-FIELDS', 'USER-ME-SHAPE'] : ['MSG-LIST-ENVELOPE', 'MSG-FIELDS-REQUIRED', 'WH-FIELDS'];
  return defineCheck({
    id,
    title: decided
      ? 'answers name the fields DESIGN.md §4 decides (the pagination object, the user) as it does, not as --dialect says'
      : "answers name their fields as the spec does (the list's data, a Message's fields), not as --dialect says",
    suite,
    requirements,
    level: decided ? 'should' : 'must',
    appliesTo: withDialect,
    observes: reads.map((read) => read.operationId),
    async run(ctx) {
      const gaps = (await answerGaps(ctx, requirements)).filter((gap) => gap.decided === decided);
      const first = gaps[0];
      if (first === undefined) return ctx.log('the answers read name these fields as the spec does: the mapping was not needed for them');
      ctx.fail(`${gaps.map((gap) => gap.text).join('; ')} (mapped back by --dialect, so the other checks could run)`, {
        exchange: first.exchange,
        requirements: [...new Set(gaps.map((gap) => gap.requirement))],
      });
    },
  });
}

/** The dialect checks (DESIGN.md §3 "Dialects"). */
export const checks: readonly Check[] = [requestNames, answerCheck('DIALECT-ANSWER-NAMES', false), answerCheck('DIALECT-DECIDED-NAMES', true)];
