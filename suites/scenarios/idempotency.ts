import type { Exchange } from '../../targets/index.js';
import type { Check } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import type { CaseScale, CheckCost } from '../checks/index.js';
import { expectIdenticalReplays, expectOneMessage, idempotencyKey, sendWithOneKey } from './idempotency-probe.js';
import { findMessages } from './pagination-walk.js';
import { isMine, send, sendBody, sendKinds, sendNeeds, sendOperations, sentMessage, uniqueToken } from './scenario-helpers.js';
import type { SendKind } from './scenario-helpers.js';

const suite = 'scenarios/idempotency';
const concurrentSends = 20;
/** The concurrent burst: 20 sends, fewer when the run samples fixed lists (a time budget), never under 2. */
const burstOf = (samples: number): number => Math.min(concurrentSends, Math.max(2, samples));
/** A burst and the list read that finds its message: one message however many sends (spec §4.1). */
const burstCost = ({ samples }: CaseScale): CheckCost => ({ requests: burstOf(samples) + 1, sends: 1 });
// send-template follows the same Idempotency-Key rules (spec §4.1)
const alsoTemplate = (kind: SendKind): string[] => (kind === 'template' ? ['IDEM-TEMPLATE'] : []);

function replay(kind: SendKind): Check {
  const op = sendOperations[kind];
  return defineCheck({
    id: `IDEM-SCENARIO-REPLAY-${op.word}`,
    title: `${op.label}: a retry with the same Idempotency-Key and body replays the first response and creates nothing`,
    suite,
    requirements: ['IDEM-REPLAY', 'IDEM-NO-DUPLICATE', ...alsoTemplate(kind)],
    level: 'must',
    needs: sendNeeds(kind),
    uses: [op.operationId],
    reads: ['id'],
    async run(ctx) {
      const burst = await sendWithOneKey(ctx, kind, 2, 1);
      const [, retry] = burst.answers as [Exchange, Exchange];
      ctx.expectStatus(retry, '2xx', 'the retry', { requirements: ['IDEM-REPLAY', ...alsoTemplate(kind)] });
      expectIdenticalReplays(ctx, burst.answers, ['IDEM-REPLAY', ...alsoTemplate(kind)]);
      expectOneMessage(ctx, burst, ['IDEM-NO-DUPLICATE', ...alsoTemplate(kind)]);
    },
  });
}

function concurrent(kind: SendKind): Check {
  const op = sendOperations[kind];
  return defineCheck({
    id: `IDEM-SCENARIO-CONCURRENT-${op.word}`,
    title: `${op.label}: ${concurrentSends} concurrent sends with one Idempotency-Key make exactly one message`,
    suite,
    requirements: ['IDEM-NO-DUPLICATE', ...alsoTemplate(kind)],
    level: 'must',
    needs: sendNeeds(kind),
    uses: [op.operationId],
    reads: ['id'],
    estimate: burstCost,
    async run(ctx) {
      const burst = await sendWithOneKey(ctx, kind, burstOf(ctx.samples), burstOf(ctx.samples));
      expectOneMessage(ctx, burst, ['IDEM-NO-DUPLICATE', ...alsoTemplate(kind)]);
      // answers that differ are no replays: the first response was not replayed (IDEM-REPLAY, as strict as this check)
      expectIdenticalReplays(ctx, burst.accepted, ['IDEM-REPLAY', ...alsoTemplate(kind)]);
    },
  });
}

function inFlight(kind: SendKind): Check {
  const op = sendOperations[kind];
  return defineCheck({
    id: `IDEM-SCENARIO-IN-FLIGHT-${op.word}`,
    title: `${op.label}: concurrent sends with one Idempotency-Key each get the replay or 409`,
    suite,
    requirements: ['IDEM-IN-FLIGHT-409'],
    level: 'should',
    needs: sendNeeds(kind),
    uses: [op.operationId],
    reads: ['id'],
    estimate: burstCost,
    async run(ctx) {
      const burst = await sendWithOneKey(ctx, kind, burstOf(ctx.samples), burstOf(ctx.samples));
      const other = burst.answers.find((exchange) => exchange.status !== 409 && !burst.accepted.includes(exchange));
      if (other) ctx.expectStatus(other, [409, '2xx'], 'a send while the first with its Idempotency-Key was in flight');
      expectIdenticalReplays(ctx, burst.accepted, ['IDEM-IN-FLIGHT-409']);
      ctx.log(`${burst.accepted.length} replays, ${burst.answers.length - burst.accepted.length} answers 409`);
    },
  });
}

function bodyMismatch(kind: SendKind): Check {
  const op = sendOperations[kind];
  return defineCheck({
    id: `IDEM-SCENARIO-BODY-MISMATCH-${op.word}`,
    title: `${op.label}: the same Idempotency-Key with a different body answers 422 and creates nothing`,
    suite,
    requirements: ['IDEM-BODY-MISMATCH-422'],
    level: 'should',
    needs: sendNeeds(kind),
    baseline: op.operationId,
    async run(ctx) {
      const key = idempotencyKey();
      sentMessage(ctx, await send(ctx, kind, sendBody(ctx, kind, uniqueToken()), { idempotencyKey: key }), 'the first send');
      const token = uniqueToken();
      const other = sendBody(ctx, kind, token);
      const second = await send(ctx, kind, other, { idempotencyKey: key });
      ctx.expectStatus(second, 422, 'a different body under a used Idempotency-Key (DESIGN.md §4)');
      const made = await findMessages(ctx, isMine(token, other.to), 'growth', second);
      ctx.expect(made.length === 0, `the refused send still made ${made.length} message(s): ${made.map((m) => m.id).join(', ')}`, { exchange: second });
    },
  });
}

function distinctKeys(kind: SendKind): Check {
  const op = sendOperations[kind];
  return defineCheck({
    id: `IDEM-SCENARIO-DISTINCT-KEYS-${op.word}`,
    title: `${op.label}: the same body under three Idempotency-Keys (255 characters, differing only in the last, once only in case) makes three messages`,
    suite,
    requirements: ['IDEM-DISTINCT-KEYS'],
    level: 'should',
    needs: sendNeeds(kind),
    uses: [op.operationId],
    reads: ['id'],
    async run(ctx) {
      const body = sendBody(ctx, kind, uniqueToken());
      // keys of the longest length (spec §8) alike but for the last character: a key cut short anywhere is one key;
      // the third differs from the first only in case (keys are strings: a case-insensitive store makes them one)
      const shared = idempotencyKey().padEnd(254, '-');
      const first = sentMessage(ctx, await send(ctx, kind, body, { idempotencyKey: `${shared}a` }), 'the send with the first key');
      for (const [last, what] of [
        ['b', 'a second key'],
        ['A', 'a third key, the first in upper case'],
      ] as const) {
        const exchange = await send(ctx, kind, body, { idempotencyKey: `${shared}${last}` });
        const other = sentMessage(ctx, exchange, `the send with ${what}`);
        ctx.expect(first.id !== other.id, `the send with ${what} gave the first key's message ${first.id}: it was treated as a replay`, { exchange });
      }
    },
  });
}

/** spec §4.1: the Idempotency-Key header is optional on both send operations. */
function withoutKey(kind: SendKind): Check {
  const op = sendOperations[kind];
  return defineCheck({
    id: `IDEM-SCENARIO-KEY-OPTIONAL-${op.word}`,
    title: `${op.label}: a send without an Idempotency-Key is accepted`,
    suite,
    requirements: ['IDEM-KEY-OPTIONAL'],
    level: 'must',
    needs: sendNeeds(kind),
    uses: [op.operationId],
    reads: ['id'],
    async run(ctx) {
      const exchange = await send(ctx, kind, sendBody(ctx, kind, uniqueToken()));
      ctx.expectStatus(exchange, '2xx', `${op.label} without the optional Idempotency-Key header`);
      sentMessage(ctx, exchange, `the send without an Idempotency-Key`);
    },
  });
}

/** The idempotency scenarios (spec §4.1, §8; DESIGN.md §4). */
export const checks: readonly Check[] = [
  ...sendKinds.flatMap((kind) => [withoutKey(kind), replay(kind), concurrent(kind), inFlight(kind), bodyMismatch(kind), distinctKeys(kind)]),
];
