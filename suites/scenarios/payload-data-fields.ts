import type { Delivery } from '../../receiver/index.js';
import { observeLifecycle } from './lifecycle-run.js';
import { dataOf, eventOf, messageEventCheck, payloadOf } from './webhook-helpers.js';
import { failingRecipients } from './numbers.js';
import { defineWebhookCheck } from './webhook-check.js';

/** The fields spec §6 lists per event (message.received: id, to, from, message, status, created_at; failed: failure_reason). */
const listedFields = ['id', 'to', 'from', 'message', 'status', 'created_at', 'failure_reason'] as const;

/**
 * The listed fields a payload carries beside `event` instead of, or as well as, inside `data`: a top-level field
 * with data's value, or one data lacks. A top-level id of another value is the event's own id, which the spec allows.
 */
export function fieldsBesideEvent(delivery: Delivery): string[] {
  const payload = (payloadOf(delivery) ?? {}) as Record<string, unknown>;
  const data = dataOf(delivery) ?? {};
  return listedFields.filter((field) => field in payload && (!(field in data) || JSON.stringify(payload[field]) === JSON.stringify(data[field])));
}

/**
 * spec §6 ("For message.failed, the service has id and failure_reason"; DESIGN.md §4: the service is data): the
 * fields are inside data, not beside event. A failing message (failed: id, failure_reason) and its status updates.
 */
const fieldsInData = defineWebhookCheck({
  id: 'LIFECYCLE-FIELDS-IN-DATA',
  title: 'the fields spec §6 lists per event are inside data, not beside event (a failed message’s events)',
  suite: 'scenarios/lifecycle',
  requirements: ['EVT-DATA-FIELDS'],
  level: 'should',
  ...messageEventCheck,
  needs: [...messageEventCheck.needs, 'failingRecipient'],
  async run(ctx, hooks) {
    const to = failingRecipients(ctx.target)[0] as string;
    const { deliveries } = await observeLifecycle(ctx, hooks, { events: ['message.failed', 'message.status.updated'], to });
    ctx.expect(deliveries.length > 0, `no event of the failed message reached its webhook`);
    const beside = deliveries.flatMap((d) => {
      const fields = fieldsBesideEvent(d);
      return fields.length === 0 ? [] : [`${eventOf(d) ?? '?'} has ${fields.join(', ')} beside event`];
    });
    ctx.expect(beside.length === 0, `${beside.length} of ${deliveries.length} payloads: ${beside.slice(0, 3).join('; ')}`);
  },
});

/** The data-fields check of event payloads. */
export const dataFieldChecks = [fieldsInData];
