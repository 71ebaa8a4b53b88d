import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { INVALID_E164_SAMPLES } from '../arbitraries/index.js';
import { recipientNumbers } from '../../targets/index.js';
import { findMessages } from './pagination-walk.js';
import { isMine, send, sendBody, sentMessage, sentTemplate, templateData, uniqueToken } from './scenario-helpers.js';
import { senderNumber } from './numbers.js';

const suite = 'scenarios/templates';
const baseline = 'sendTemplateMessage';

/** A template id no target knows; it carries the token so anything sent from it can be found. */
const unknownTemplate = (token: string): string => `conform-missing-${token}`;

/** Sends the fixture template with the given variant (none: undefined) and variables; returns the Message text. */
async function sendVariant(ctx: CheckContext, variant: string | undefined, data: Record<string, string>): Promise<string> {
  const body = { ...sendBody(ctx, 'template', uniqueToken()), data, ...(variant === undefined ? {} : { variant }) };
  const message = sentMessage(ctx, await send(ctx, 'template', body), `send-template with variant ${variant ?? '(none)'}`);
  return String(message.message);
}

/** The fixture template's variants, skipping the check when the catalogue gives fewer than `count`. */
function variantsOf(ctx: CheckContext, count: number): readonly string[] {
  const template = sentTemplate(ctx);
  if (template.variants.length < count)
    ctx.skip(
      `the template catalogue gives ${template.id} ${template.variants.length} variant(s), this check needs ${count}: list them in --templates (config key "templates")`,
    );
  return template.variants;
}

/** The checks that send the target's fixture template (the target convention of spec §2.5). */
const needsTemplate = ['billable', 'templates'] as const;

/** spec §4.1: variant is a template variant such as a language code. */
const variantAccepted = defineCheck({
  id: 'TPL-SCENARIO-VARIANT',
  title: 'send-template of the fixture template with each of its variants (e.g. a language code) is accepted',
  suite,
  requirements: ['TPL-VARIANT'],
  level: 'must',
  needs: needsTemplate,
  async run(ctx) {
    for (const variant of variantsOf(ctx, 1)) await sendVariant(ctx, variant, templateData(sentTemplate(ctx), uniqueToken()));
  },
});

/** DESIGN.md §4: a variant selects the template's language text (the catalogue's first two variants). */
const variantLanguage = defineCheck({
  id: 'TPL-SCENARIO-VARIANT-LANGUAGE',
  title: 'the fixture template in two language variants gives two different texts',
  suite,
  requirements: ['TPL-VARIANT-LANGUAGE'],
  level: 'should',
  needs: needsTemplate,
  async run(ctx) {
    const [first, second] = variantsOf(ctx, 2);
    const data = templateData(sentTemplate(ctx), uniqueToken());
    const a = await sendVariant(ctx, first, data);
    const b = await sendVariant(ctx, second, data);
    ctx.expect(a !== b, `variants ${first} and ${second} gave the same text "${a}": the variant was ignored`);
  },
});

/** DESIGN.md §4 (reference catalogue only): the text is the template with the variables filled in. */
const rendered = defineCheck({
  id: 'TPL-SCENARIO-RENDERED',
  title: 'the fixture template is sent with its variables filled in',
  suite,
  requirements: ['TPL-RENDERED'],
  level: 'should',
  needs: needsTemplate,
  async run(ctx) {
    const template = sentTemplate(ctx);
    const data = templateData(template, uniqueToken());
    const text = await sendVariant(ctx, template.variants[0], data);
    for (const [name, value] of Object.entries(data)) ctx.expect(text.includes(value), `the text "${text}" does not contain the ${name} variable "${value}"`);
    ctx.expect(!/[{}]/.test(text), `the text "${text}" still has a placeholder`);
  },
});

/**
 * spec §4.1: fallback is the message used when the template is unavailable (DESIGN.md §4: unknown), and only then:
 * the same fallback beside an available template is not what is sent (a fallback read as an override).
 */
const fallback = defineCheck({
  id: 'TPL-SCENARIO-FALLBACK',
  title: 'send-template with a fallback sends the fallback text for an unknown template, the template for a known one',
  suite,
  requirements: ['TPL-FALLBACK'],
  level: 'should',
  needs: ['billable'],
  async run(ctx) {
    const token = uniqueToken();
    const text = `conformance fallback ${token}`;
    const exchange = await send(ctx, 'template', sendBody(ctx, 'template', token, { template: unknownTemplate(token), fallback: text }));
    const message = sentMessage(ctx, exchange, 'an unknown template with a fallback');
    ctx.expect(message.message === text, `the Message's text is "${String(message.message)}", expected the fallback "${text}"`, { exchange });
    const known = await send(ctx, 'template', sendBody(ctx, 'template', token, { fallback: text }));
    const sent = sentMessage(ctx, known, 'an available template with a fallback');
    ctx.expect(sent.message !== text, `an available template with a fallback was sent as the fallback "${text}", not as the template`, { exchange: known });
  },
});

function unknownRefused(id: string, requirement: string, level: 'must' | 'should', expected: 404 | '4xx'): Check {
  return defineCheck({
    id,
    title: `send-template of an unknown template without fallback answers ${expected} and sends nothing`,
    suite,
    requirements: [requirement],
    level,
    needs: ['billable'],
    baseline,
    async run(ctx) {
      const token = uniqueToken();
      const body = sendBody(ctx, 'template', token, { template: unknownTemplate(token) });
      const exchange = await send(ctx, 'template', body);
      ctx.expectStatus(exchange, expected, 'an unknown template without fallback');
      const made = await findMessages(ctx, isMine(token, body.to), 'growth', exchange);
      ctx.expect(made.length === 0, `the refused send still made message(s) ${made.map((m) => m.id).join(', ')}`, { exchange });
    },
  });
}

/** spec §4.1: from is optional on send-template; when given, the Message shows it (as POST /v1/messages does). */
const fromEcho = defineCheck({
  id: 'TPL-SCENARIO-FROM-ECHO',
  title: 'send-template with a from answers a Message with that from',
  suite,
  requirements: ['TPL-FROM-ECHO'],
  level: 'should',
  needs: needsTemplate,
  async run(ctx) {
    const from = senderNumber;
    const exchange = await send(ctx, 'template', sendBody(ctx, 'template', uniqueToken(), { from }));
    const message = sentMessage(ctx, exchange, 'send-template with a from');
    ctx.expect(message.from === from, `the Message's from is ${JSON.stringify(message.from)}, the request gave ${from}`, { exchange });
  },
});

/** spec §2.5: the variables each template accepts are not shown; what a send without them answers is recorded. */
const missingVariables = defineCheck({
  id: 'TPL-SCENARIO-MISSING-VARIABLES',
  title: 'what send-template answers without the template’s variables is recorded (an unfilled placeholder sent is noted)',
  suite,
  requirements: ['TPL-MISSING-VARIABLES'],
  level: 'observe',
  needs: needsTemplate,
  baseline,
  async run(ctx) {
    const exchange = await send(ctx, 'template', { ...sendBody(ctx, 'template', uniqueToken()), data: {} });
    ctx.log(`send-template without variables answered ${exchange.status ?? 'nothing'}`);
    // a refusal is what it records (evidence when send-template accepts valid input: DESIGN.md §3)
    if (exchange.status === undefined || exchange.status < 200 || exchange.status >= 300) return ctx.evidence(exchange);
    const text = (exchange.json as { message?: unknown } | undefined)?.message;
    // an accepted send is judged by its text: without one there is nothing to record
    if (typeof text !== 'string') return ctx.log('the answer carries no message text to judge');
    ctx.evidence(exchange);
    ctx.expect(!/\{[^}]*\}/.test(text), `send-template without variables was accepted and its text "${text}" still shows a placeholder`, { exchange });
  },
});

/** spec §4.1: to is E.164 on send-template too. */
const toE164 = defineCheck({
  id: 'TPL-SCENARIO-TO-NOT-E164',
  title: 'send-template with a to that is not E.164 is refused with a 4xx',
  suite,
  requirements: ['TPL-TO-E164'],
  level: 'must',
  needs: needsTemplate,
  baseline,
  async run(ctx) {
    // a guarded target gets only the samples that name no phone number: the others could be billed (DESIGN.md §5)
    const samples = ctx.http.allowedRecipients ? INVALID_E164_SAMPLES.filter((to) => recipientNumbers({ to }).length === 0) : INVALID_E164_SAMPLES;
    if (samples.length < INVALID_E164_SAMPLES.length)
      ctx.log(`guarded target: ${samples.length} of ${INVALID_E164_SAMPLES.length} invalid numbers sent (the rest name a phone number)`);
    for (const to of samples) {
      const exchange = await send(ctx, 'template', sendBody(ctx, 'template', uniqueToken(), { to }));
      ctx.expectStatus(exchange, '4xx', `send-template to ${JSON.stringify(to)}`);
    }
  },
});

/** The template scenarios (spec §2.5, §4.1; DESIGN.md §4 templates). */
export const checks: readonly Check[] = [
  variantAccepted,
  variantLanguage,
  rendered,
  fallback,
  unknownRefused('TPL-SCENARIO-UNKNOWN-REFUSED', 'TPL-UNKNOWN-REJECTED', 'must', '4xx'),
  unknownRefused('TPL-SCENARIO-UNKNOWN-404', 'TPL-UNKNOWN-404', 'should', 404),
  toE164,
  fromEcho,
  missingVariables,
];
