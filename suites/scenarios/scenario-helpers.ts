import { randomBytes } from 'node:crypto';
import type { Message } from '../../spec/index.js';
import { fixtureTemplate, missingConvention, tokenPlaceholder } from '../../targets/index.js';
import type { Exchange, KeyRole, TemplateConvention } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext, Need } from '../checks/index.js';
import { recipientFor, senderNumber } from './numbers.js';

/** The two send operations (spec §4.1) that share the Idempotency-Key rules. */
export type SendKind = 'freeForm' | 'template';

/** Both send kinds, for checks generated once per operation. */
export const sendKinds: readonly SendKind[] = ['freeForm', 'template'];

/** Operation id, path and a label of each send kind. */
export const sendOperations: Readonly<Record<SendKind, { operationId: string; path: string; label: string; word: string }>> = {
  freeForm: { operationId: 'sendMessage', path: '/v1/messages', label: 'POST /v1/messages', word: 'FREEFORM' },
  template: { operationId: 'sendTemplateMessage', path: '/v1/messages/send-template', label: 'POST /v1/messages/send-template', word: 'TEMPLATE' },
};

/**
 * The template the scenarios send: the target's fixture template (spec §2.5 does not show the catalogue, so it is a
 * target setting, --templates; the reference's is DESIGN.md §4's otp-verify). Skips the check when the target has none.
 */
export function sentTemplate(ctx: CheckContext): TemplateConvention {
  const catalogue = ctx.target.conventions.templates;
  return catalogue ? fixtureTemplate(catalogue) : ctx.skip(missingConvention(ctx.target.conventions, 'templates') as string);
}

/** The needs of a check that sends with the kind: send-template needs the target's template catalogue too. */
export function sendNeeds(kind: SendKind): Need[] {
  return kind === 'template' ? ['billable', 'templates'] : ['billable'];
}

/** The send kinds this target can be sent with: send-template only when its catalogue is known (else a log line says why). */
export function sendKindsFor(ctx: CheckContext): SendKind[] {
  const missing = missingConvention(ctx.target.conventions, 'templates');
  if (missing) ctx.log(`send-template not tried: it ${missing}`);
  return missing ? ['freeForm'] : ['freeForm', 'template'];
}

/** A random token that makes a check's messages recognisable in the shared message list. */
export function uniqueToken(): string {
  return `c${randomBytes(6).toString('hex')}`;
}

/** The variables of a template with the token put where the catalogue says ({token}), so the rendered text carries it. */
export function templateData(template: TemplateConvention, token: string): Record<string, string> {
  return Object.fromEntries(Object.entries(template.variables).map(([name, value]) => [name, value.split(tokenPlaceholder).join(token)]));
}

/**
 * A valid body for the send kind whose content carries the token; `extra` overrides or adds fields. A template send
 * uses the target's fixture template (skipping the check without one) unless `extra` names the template itself.
 */
export function sendBody(ctx: CheckContext, kind: SendKind, token: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const to = recipientFor(ctx);
  if (kind === 'freeForm') return { to, from: senderNumber, message: `conformance ${token}`, ...extra };
  // spec §4.1: the template variables field is named data (DESIGN.md §4, the spec text says "the service")
  if ('template' in extra) return { to, data: { company: `Conform ${token}` }, ...extra };
  const template = sentTemplate(ctx);
  return { template: template.id, to, data: templateData(template, token), ...extra };
}

/** Options of {@link send}. */
export interface SendOptions {
  key?: KeyRole;
  idempotencyKey?: string;
}

/** Sends a body with the send kind's operation. */
export function send(ctx: CheckContext, kind: SendKind, body: unknown, options: SendOptions = {}): Promise<Exchange> {
  return ctx.http.request({
    method: 'POST',
    path: sendOperations[kind].path,
    body,
    ...(options.key ? { key: options.key } : {}),
    ...(options.idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': options.idempotencyKey } }),
  });
}

/** Expects a 2xx answer carrying a message object with a string id and returns it (what: names the request). */
export function sentMessage(ctx: CheckContext, exchange: Exchange, what: string): Message {
  ctx.expectStatus(exchange, '2xx', what, fixtureBreaks(ctx));
  const body = exchange.json as Partial<Message> | undefined;
  ctx.expect(
    typeof body === 'object' && body !== null && typeof body.id === 'string' && body.id !== '',
    `${what}: the answer is not a Message with an id (body: ${exchange.bodyText.slice(0, 200)})`,
    { exchange, requirements: [ctx.cited ?? 'MSG-FIELDS-REQUIRED'] },
  );
  return body as Message;
}

/**
 * Sends one free-form message (spec §4.1) to `to` (default: recipientFor) and returns its id; fails the check when the
 * send is refused: the send of checks that watch what a message causes (its events, statuses, history).
 */
export async function sendMessage(ctx: CheckContext, to: string = recipientFor(ctx)): Promise<string> {
  const exchange = await send(ctx, 'freeForm', { to, from: senderNumber, message: `webhook scenario ${ctx.check.id}` });
  return sentMessage(ctx, exchange, 'sending a message to observe its events').id;
}

/**
 * A message the check made: one whose id a send of the check answered, or one with the same recipient and the check's
 * token in its content. By id first, so a list that shows a made message with other values (MSG-LIST-ECHO's to judge)
 * does not read as a message never made.
 */
export function isMine(token: string, to: unknown, answered: ReadonlySet<unknown> = new Set()): (message: Message) => boolean {
  return (message) => answered.has(message.id) || (message.to === to && typeof message.message === 'string' && message.message.includes(token));
}

/** Runs `work` for 0..count-1 with at most `parallel` at once, stopping early when the check's deadline passes. */
export async function boundedAll<T>(ctx: CheckContext, count: number, parallel: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count && !ctx.signal.aborted) {
      const index = next++;
      out[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return out;
}
