import type { Message } from '../../spec/index.js';
import type { Exchange } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';
import { findMessages } from './pagination-walk.js';
import { boundedAll, isMine, send, sendBody, sentMessage, uniqueToken } from './scenario-helpers.js';
import type { SendKind } from './scenario-helpers.js';

/** What a burst of sends with one Idempotency-Key gave. */
export interface IdempotencyBurst {
  readonly answers: readonly Exchange[];
  /** The answers with a 2xx status. */
  readonly accepted: readonly Exchange[];
  /** The messages of the list that this burst made (matched by the ids the sends answered, or by recipient and token). */
  readonly created: readonly Message[];
}

/** A fresh Idempotency-Key value (spec §8: 1 to 255 characters). */
export function idempotencyKey(): string {
  return `conform-${uniqueToken()}`;
}

/**
 * Sends one body `count` times with one Idempotency-Key, `parallel` at a time (1 = retries in sequence), then counts
 * the messages it made in the list.
 */
export async function sendWithOneKey(ctx: CheckContext, kind: SendKind, count: number, parallel: number): Promise<IdempotencyBurst> {
  const token = uniqueToken();
  const body = sendBody(ctx, kind, token);
  const key = idempotencyKey();
  const answers = await boundedAll(ctx, count, parallel, () => send(ctx, kind, body, { idempotencyKey: key }));
  const accepted = answers.filter((exchange) => exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300);
  ctx.expect(accepted.length > 0, `none of ${count} sends with one Idempotency-Key was accepted`, {
    ...(answers[0] ? { exchange: answers[0] } : {}),
    requirements: [fixtureBreaks(ctx)],
  });
  sentMessage(ctx, accepted[0] as Exchange, 'the first accepted send');
  const answered = new Set(accepted.map((exchange) => (exchange.json as { id?: unknown } | undefined)?.id).filter((id) => id !== undefined));
  const created = await findMessages(ctx, isMine(token, body.to, answered), 'growth', accepted[0] as Exchange);
  return { answers, accepted, created };
}

/** Fails unless every accepted answer has the status and the exact bytes of the first (spec §4.1: replay); `breaks` names what that shows broken. */
export function expectIdenticalReplays(ctx: CheckContext, accepted: readonly Exchange[], breaks: readonly string[]): void {
  const [first, ...rest] = accepted as [Exchange, ...Exchange[]];
  for (const replay of rest) {
    ctx.expect(
      replay.status === first.status && replay.bodyText === first.bodyText,
      `a retry with the same Idempotency-Key and body did not replay the first response: first ${String(first.status)} ${first.bodyText.slice(0, 160)}, ` +
        `retry ${String(replay.status)} ${replay.bodyText.slice(0, 160)}`,
      { exchange: replay, requirements: breaks },
    );
  }
}

/** Fails unless exactly one message was made (spec §4.1: a replay creates nothing); `breaks` names what that shows broken. */
export function expectOneMessage(ctx: CheckContext, burst: IdempotencyBurst, breaks: readonly string[]): void {
  const ids = burst.created.map((message) => message.id);
  ctx.expect(
    ids.length === 1,
    `${burst.answers.length} sends with one Idempotency-Key made ${ids.length} messages (${ids.slice(0, 3).join(', ') || 'none'}${ids.length > 3 ? ', …' : ''}); exactly one was expected`,
    { ...(burst.accepted[0] ? { exchange: burst.accepted[burst.accepted.length - 1] as Exchange } : {}), requirements: breaks },
  );
}
