import type { Delivery } from '../../receiver/index.js';
import { dialectEntries } from '../../targets/index.js';
import type { Dialect, Profile, Target } from '../../targets/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { observeLifecycle } from './lifecycle-run.js';
import { eventOf, messageEventCheck } from './webhook-helpers.js';
import type { WebhookFixture } from './webhook-fixture.js';
import { defineWebhookCheck } from './webhook-check.js';

/**
 * DESIGN.md §3 "Dialects": a name the dialect gives a field everywhere (`--dialect id=message_id`) is read back in
 * the spec's name in webhook payloads too (the harness's receiver reads each payload's data through it), so every
 * check behind the gap runs. The spec's names stay a must: these checks read a message.delivered payload as it came
 * (its bytes) and fail, once, the requirement that names a field the payload names its own way.
 */
const suite = 'scenarios/dialect';

/** Spec name → the target's, of the fields the dialect renames everywhere (a payload's data is the message, spec §6). */
const everywhere = (target: Target): Readonly<Record<string, string>> => (target.conventions.dialect as Dialect | undefined)?.fields['*'] ?? {};

/** Applies when message events reach the webhooks and the dialect renames everywhere `id` (spec §6) or another field (DESIGN.md §4). */
const renames =
  (decided: boolean) =>
  (profile: Profile, target: Target): true | string => {
    const reach = messageEventCheck.appliesTo(profile);
    if (reach !== true) return reach;
    const fields = Object.keys(everywhere(target)).filter((field) => (field === 'id') !== decided);
    return fields.length > 0
      ? true
      : `no --dialect renames ${decided ? 'a Message field other than id' : 'id'} everywhere (only such names can be in a payload's data)`;
  };

/** A field of a payload's data named the target's way: the spec's name absent, the dialect's present. */
interface PayloadGap {
  readonly spec: string;
  readonly target: string;
}

/** The message.delivered payload of a message of the check's own, and the names its data gives as sent. */
async function deliveredPayload(ctx: CheckContext, hooks: WebhookFixture): Promise<{ delivery: Delivery; gaps: PayloadGap[] }> {
  const { deliveries, messageId } = await observeLifecycle(ctx, hooks, { events: ['message.delivered'] });
  const delivery = deliveries.find((d) => eventOf(d) === 'message.delivered');
  if (delivery === undefined) ctx.skip(`no message.delivered of message ${messageId} arrived: the payload's names were not seen`);
  let sent: unknown;
  try {
    sent = (JSON.parse(delivery.raw.toString('utf8')) as { data?: unknown }).data;
  } catch {
    sent = undefined;
  }
  const data = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
  const gaps = Object.entries(everywhere(ctx.target))
    .filter(([spec, target]) => !(spec in data) && target in data)
    .map(([spec, target]) => ({ spec, target }));
  return { delivery, gaps };
}

/** The check of the payload names one kind of requirement states: spec §6's (`id`) at must, DESIGN.md §4's Message shape at should. */
function payloadCheck(id: string, decided: boolean): Check {
  return defineWebhookCheck({
    id,
    title: decided
      ? 'message.delivered payloads name the Message fields DESIGN.md §4 gives data as it does, not as --dialect says'
      : 'message.delivered payloads name data.id as spec §6 does, not as --dialect says',
    suite,
    requirements: decided ? ['EVT-DESIGN-PAYLOADS'] : ['EVT-DELIVERED-ID'],
    level: decided ? 'should' : 'must',
    ...messageEventCheck,
    appliesTo: renames(decided),
    async run(ctx, hooks) {
      const seen = await deliveredPayload(ctx, hooks);
      ctx.evidence(`message.delivered payload #${seen.delivery.seq}, data read as sent`);
      // spec §6 names only data.id of message.delivered; the other fields are DESIGN.md §4's Message shape
      const gaps = seen.gaps.filter((gap) => (gap.spec === 'id') !== decided);
      if (gaps.length === 0) return ctx.log(`delivery #${seen.delivery.seq} names its data fields as the spec does: the mapping was not needed for them`);
      const names = gaps.map((gap) => `\`${gap.target}\` where ${decided ? 'DESIGN.md §4' : 'spec §6'} names \`${gap.spec}\``).join(', ');
      ctx.fail(
        `the message.delivered payload (delivery #${seen.delivery.seq}) carries ${names} in data (mapped back by --dialect ${dialectEntries(ctx.target.conventions.dialect as Dialect).join(' --dialect ')}, so the other checks could run)`,
      );
    },
  });
}

/** The payload dialect checks (DESIGN.md §3 "Dialects"). */
export const checks: readonly Check[] = [payloadCheck('DIALECT-PAYLOAD-NAMES', false), payloadCheck('DIALECT-DECIDED-PAYLOAD-NAMES', true)];
