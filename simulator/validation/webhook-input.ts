import type { FaultSet } from '../faults/fault-set.js';
import type { WebhookEvent } from '../types.js';
import { WEBHOOK_EVENTS } from '../types.js';
import { invalid } from '../errors.js';
import { checkWebhookUrl } from './webhook-url.js';

/** A checked create/update body. */
export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
}

/**
 * Checks the body of create and update (spec §4.2): url and events both required, events a
 * non-empty subset of the four kinds. Duplicate events are collapsed (DESIGN §4 gap, recorded).
 */
export function checkWebhookInput(
  body: Record<string, unknown>,
  hosts: Map<string, string[]>,
  faults: FaultSet,
  partial: { url?: string; events?: WebhookEvent[] } = {},
): WebhookInput {
  const lenient = faults.has('update-partial-accepted');
  const url = body.url === undefined && lenient && partial.url ? partial.url : checkWebhookUrl(body.url, hosts, faults);
  const events = body.events === undefined && lenient && partial.events ? partial.events : checkEvents(body.events, faults);
  return { url, events };
}

function checkEvents(raw: unknown, faults: FaultSet): WebhookEvent[] {
  if (raw === undefined || raw === null) throw invalid(`events is required: give at least one of ${WEBHOOK_EVENTS.join(', ')}`);
  if (!Array.isArray(raw)) throw invalid('events must be an array of event names');
  if (raw.length === 0 && !faults.has('accepts-empty-events')) throw invalid('events must name at least one event');
  const events: WebhookEvent[] = [];
  for (const e of raw) {
    if (typeof e !== 'string' || !(WEBHOOK_EVENTS as readonly string[]).includes(e)) {
      throw invalid(`events has ${JSON.stringify(e)}: use ${WEBHOOK_EVENTS.join(', ')}`);
    }
    if (!events.includes(e as WebhookEvent)) events.push(e as WebhookEvent);
  }
  return events;
}
