import { validate } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { expectNoSecret, listWebhooks } from './webhook-answers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/webhooks';

/** Webhooks have no state field (spec §3). */
const stateFields = ['state', 'status'];

/** The fields only create and rotate answers carry (spec §2.3). */
const secretFields: ReadonlySet<string> = new Set(['/signing_secret', '/signing_secret_warning']);

/** One thing wrong with a webhook as answered, and the requirement it breaks. */
interface WebhookProblem {
  readonly text: string;
  readonly requirement: string;
}

// spec §2.3 by field: a keyword without x-requirements breaks the rule of its field, else the field table (WH-FIELDS)
const fieldRequirements: Readonly<Record<string, string>> = {
  '/id': 'WH-ID-UUID',
  '/workspace_id': 'WH-WORKSPACE-UUID',
  '/created_at': 'WH-TIMESTAMPS',
  '/updated_at': 'WH-TIMESTAMPS',
};

/** What is wrong with one webhook as answered: the spec's (not DESIGN-assumed) schema issues and any state field. */
function webhookProblems(value: unknown, schema: 'Webhook' | 'WebhookWithSecret', where: string): WebhookProblem[] {
  // a secret where the spec shows none is WEBHOOK-SECRET-NOWHERE-ELSE's finding (WH-SECRET-ONCE), not a field's type
  const stated = validate(schema, value).issues.filter((issue) => !issue.assumed && !secretFields.has(issue.path));
  const problems = stated.map((issue) => ({
    text: `${where}${issue.path || '/'} ${issue.message}`,
    requirement: issue.requirement ?? (issue.keyword === 'required' ? 'WH-FIELDS' : fieldRequirements[issue.path]) ?? 'WH-FIELDS',
  }));
  const record = (value ?? {}) as Record<string, unknown>;
  for (const field of stateFields)
    if (field in record) problems.push({ text: `${where} has a ${field} field (spec §3: webhooks have no state field)`, requirement: 'WH-NO-STATE-FIELD' });
  return problems;
}

/** spec §2.3 + §3: every answer that carries a webhook has its fields with the table's types, and no state. */
export const fieldsTyped = defineWebhookCheck({
  id: 'WEBHOOK-FIELDS-TYPED',
  title: 'create, list, update and rotate answer webhooks with uuid id and workspace_id, url, events, date-time timestamps and no state field',
  suite,
  requirements: ['WH-FIELDS', 'WH-ID-UUID', 'WH-WORKSPACE-UUID', 'WH-TIMESTAMPS', 'WH-NO-STATE-FIELD'],
  level: 'must',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const { items } = await listWebhooks(ctx);
    const listed = items.find((item) => item.id === hook.id);
    // an operation whose positive baseline found it not accepting valid input (a route missing) is left out: that
    // failure is its baseline's, and the other answers are still judged (DESIGN.md §3 "Test whatever exists")
    const left = ['updateWebhook', 'rotateWebhookSecret'].filter((operationId) => ctx.baseline.refusedValidInput(operationId));
    if (left.length > 0) ctx.log(`not judged: the answers of ${left.join(', ')} (its positive baseline did not see valid input accepted)`);
    const updated = left.includes('updateWebhook') ? undefined : await hooks.update(hook.id, { url: hook.url, events: ['message.sent'] });
    if (updated) ctx.expectStatus(updated, '2xx', 'PUT /v1/webhooks/{id} with a valid body', 'ERR-SUCCESS-2XX');
    const rotated = left.includes('rotateWebhookSecret')
      ? undefined
      : await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${hook.id}/rotate-secret` });
    if (rotated) ctx.expectStatus(rotated, '2xx', 'POST /v1/webhooks/{id}/rotate-secret', 'ERR-SUCCESS-2XX');
    const problems = [
      ...webhookProblems(hook.exchange.json, 'WebhookWithSecret', 'create'),
      ...(listed === undefined
        ? [{ text: `GET /v1/webhooks does not list ${hook.id}`, requirement: 'WH-LIST-CONTAINS-CREATED' }]
        : webhookProblems(listed, 'Webhook', 'list item')),
      ...(updated ? webhookProblems(updated.json, 'Webhook', 'PUT') : []),
      ...(rotated ? webhookProblems(rotated.json, 'WebhookWithSecret', 'rotate-secret') : []),
    ];
    const requirements = [...new Set(problems.map((problem) => problem.requirement))];
    ctx.expect(
      problems.length === 0,
      `webhooks break spec §2.3: ${problems
        .slice(0, 4)
        .map((problem) => problem.text)
        .join('; ')}`,
      { exchange: hook.exchange, requirements: requirements.length > 0 ? requirements : ['WH-FIELDS'] },
    );
  },
});

/** spec §4.2: the secret is returned by create and rotate only; no other operation shows it. */
export const secretNowhereElse = defineWebhookCheck({
  id: 'WEBHOOK-SECRET-NOWHERE-ELSE',
  title: 'list, update, test and deliveries never show the signing secret',
  suite,
  requirements: ['WH-SECRET-ONCE'],
  level: 'must',
  async run(ctx, hooks) {
    const hook = await hooks.create(['message.failed']);
    const at = `/v1/webhooks/${hook.id}`;
    const answers: [string, Exchange][] = [
      ['GET /v1/webhooks', (await listWebhooks(ctx)).exchange],
      ['PUT /v1/webhooks/{id}', await hooks.update(hook.id, { url: hook.url, events: hook.events })],
      ['POST /v1/webhooks/{id}/test', await hooks.test(hook.id)],
      ['GET /v1/webhooks/{id}/deliveries', await ctx.http.request({ method: 'GET', path: `${at}/deliveries` })],
    ];
    for (const [where, exchange] of answers) {
      ctx.expectStatus(exchange, '2xx', where);
      expectNoSecret(ctx, exchange, hook.secret, where);
    }
  },
});

export const webhookFieldChecks = [fieldsTyped, secretNowhereElse];
