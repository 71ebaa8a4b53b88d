import type { Profile } from '../../targets/index.js';
import type { Check } from '../checks/index.js';
import { defineCheck, isSuccess } from '../checks/index.js';
import { findMessages } from './pagination-walk.js';
import { isMine, send, sendBody, sendOperations, sentMessage, uniqueToken } from './scenario-helpers.js';
import { senderNumber } from './numbers.js';

const suite = 'scenarios/tiers';
const hasTiers = (profile: Profile): true | string => (profile.tiers ? true : `the ${profile.name} profile has no account tiers`);

/** spec §1: Growth may send free-form; the positive baseline of POST /v1/messages. */
const growthFreeForm = defineCheck({
  id: 'TIER-SCENARIO-GROWTH-FREEFORM',
  title: 'a Growth key sends a free-form message (POST /v1/messages answers 2xx with the Message)',
  suite,
  requirements: ['TIER-GROWTH-FREEFORM', 'MSG-SEND-ECHO'],
  level: 'must',
  needs: ['billable'],
  baselineFor: sendOperations.freeForm.operationId,
  async run(ctx) {
    const body = sendBody(ctx, 'freeForm', uniqueToken());
    const exchange = await send(ctx, 'freeForm', body);
    const message = sentMessage(ctx, exchange, 'a Growth free-form send');
    // an accepted send that answers another to breaks the echo (spec §4.1), not the tier rule (issue 34: Prism's mock)
    ctx.expect(message.to === body.to, `the Message's to is ${String(message.to)}, the request's ${String(body.to)}`, {
      exchange,
      requirements: ['MSG-SEND-ECHO'],
    });
  },
});

/** spec §1, §4.1: Growth may use templates; the positive baseline of send-template. */
const growthTemplate = defineCheck({
  id: 'TIER-SCENARIO-GROWTH-TEMPLATE',
  title: 'a Growth key sends a known template (send-template answers 2xx with an outbound Message to the recipient)',
  suite,
  requirements: ['TIER-GROWTH-TEMPLATE', 'TPL-RESPONSE'],
  level: 'must',
  needs: ['billable', 'templates'],
  baselineFor: sendOperations.template.operationId,
  async run(ctx) {
    const body = sendBody(ctx, 'template', uniqueToken(), { from: senderNumber });
    const exchange = await send(ctx, 'template', body);
    ctx.expectStatus(exchange, '2xx', 'a Growth send-template', 'TIER-GROWTH-TEMPLATE');
    const message = sentMessage(ctx.citing('TPL-RESPONSE'), exchange, 'a Growth send-template');
    ctx.expectSchema(exchange, 'Message', undefined, 'TPL-RESPONSE');
    ctx.expect(message.to === body.to, `the Message's to is ${String(message.to)}, the request's ${String(body.to)}`, {
      exchange,
      requirements: ['TPL-RESPONSE'],
    });
    ctx.expect(message.direction === 'outbound', `the Message's direction is ${String(message.direction)}, expected outbound`, {
      exchange,
      requirements: ['TPL-RESPONSE'],
    });
  },
});

/** spec §5.4, §7: a Starter key calling POST /v1/messages gets 402 and nothing is sent. */
const starterFreeForm = defineCheck({
  id: 'TIER-SCENARIO-STARTER-FREEFORM-402',
  title: 'a Starter key calling POST /v1/messages gets 402 and no message is created',
  suite,
  requirements: ['TIER-STARTER-FREEFORM-402'],
  level: 'must',
  needs: ['starterKey', 'billable'],
  appliesTo: hasTiers,
  baseline: sendOperations.freeForm.operationId,
  async run(ctx) {
    const token = uniqueToken();
    const body = sendBody(ctx, 'freeForm', token);
    const exchange = await send(ctx, 'freeForm', body, { key: 'starter' });
    ctx.expectStatus(exchange, 402, 'a Starter free-form send (spec §5.4)');
    const made = await findMessages(ctx, isMine(token, body.to), 'starter', exchange);
    ctx.expect(made.length === 0, `the refused Starter send still made message(s) ${made.map((m) => m.id).join(', ')}`, { exchange });
  },
});

/** spec §4.1: Starter must use send-template, and without from it is sent from a shared number. */
const starterTemplate = defineCheck({
  id: 'TIER-SCENARIO-STARTER-SHARED-NUMBER',
  title: 'a Starter key sends a template without from: 2xx and the Message has a (shared) from number',
  suite,
  requirements: ['TIER-STARTER-TEMPLATE', 'TIER-STARTER-SHARED-NUMBER'],
  level: 'must',
  needs: ['starterKey', 'billable', 'templates'],
  appliesTo: hasTiers,
  async run(ctx) {
    const body = sendBody(ctx, 'template', uniqueToken());
    const exchange = await send(ctx, 'template', body, { key: 'starter' });
    // a tier refusal (402/403) shows Starter kept from templates; a validation refusal (400/422) shows from demanded
    const refusedFrom = exchange.status === 400 || exchange.status === 422;
    // a refusal breaks a tier rule; an accepted send whose answer lacks the Message's id breaks MSG-FIELDS-REQUIRED
    const message = sentMessage(
      isSuccess(exchange) ? ctx : ctx.citing(refusedFrom ? 'TIER-STARTER-SHARED-NUMBER' : 'TIER-STARTER-TEMPLATE'),
      exchange,
      'a Starter send-template without from',
    );
    ctx.expect(
      typeof message.from === 'string' && message.from.trim() !== '',
      `the Message has no from (${JSON.stringify(message.from)}): a shared number was expected`,
      { exchange, requirements: ['TIER-STARTER-SHARED-NUMBER'] },
    );
    ctx.log(`shared number: ${message.from}`);
  },
});

/** spec §4.1 "a shared number": which one is the target's convention (--shared-sender); DESIGN.md §4 for the reference. */
const sharedNumberValue = defineCheck({
  id: 'TIER-SCENARIO-SHARED-NUMBER-VALUE',
  title: "a Starter send-template without from is sent from the target's shared sender number",
  suite,
  requirements: ['TIER-SHARED-NUMBER-VALUE'],
  level: 'should',
  needs: ['starterKey', 'billable', 'sharedSender', 'templates'],
  appliesTo: hasTiers,
  async run(ctx) {
    const shared = ctx.target.conventions.sharedSender;
    const exchange = await send(ctx, 'template', sendBody(ctx, 'template', uniqueToken()), { key: 'starter' });
    const message = sentMessage(ctx, exchange, 'a Starter send-template without from');
    ctx.expect(
      message.from === shared,
      `the Message's from is ${JSON.stringify(message.from)}, the shared sender given (--shared-sender) is ${String(shared)}`,
      { exchange },
    );
  },
});

/** The tier scenarios (spec §1, §4.1, §5.4, §7). */
export const checks: readonly Check[] = [growthFreeForm, growthTemplate, starterFreeForm, starterTemplate, sharedNumberValue];
