import type { FaultSet } from '../faults/fault-set.js';
import type { WebhookEvent } from '../types.js';
import { WEBHOOK_EVENTS } from '../types.js';
import { invalid } from '../errors.js';
import { checkWebhookUrl } from './webhook-url.js';
import { lenientEnum } from './lenient-input.js';

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
  const keepUrl = lenient || faults.has('update-url-optional');
  const url = body.url === undefined && keepUrl && partial.url ? partial.url : checkUrl(body.url, hosts, faults, partial.url !== undefined);
  const events = body.events === undefined && lenient && partial.events ? partial.events : checkEvents(body.events, faults);
  return { url, events };
}

/** The url rules; the fault update-skips-url-rules only parses the url of an update. */
function checkUrl(raw: unknown, hosts: Map<string, string[]>, faults: FaultSet, isUpdate: boolean): string {
  if (isUpdate && faults.has('update-skips-url-rules') && typeof raw === 'string' && URL.canParse(raw)) return raw;
  return checkWebhookUrl(raw, hosts, faults);
}

/** The event names a subscription takes: the four kinds, plus the delivery records' test.webhook.sent under its fault. */
function subscribable(faults: FaultSet): readonly string[] {
  const kinds = faults.has('status-updated-event-refused') ? WEBHOOK_EVENTS.filter((k) => k !== 'message.status.updated') : WEBHOOK_EVENTS;
  return faults.has('test-event-subscribable') ? [...kinds, 'test.webhook.sent'] : kinds;
}

function checkEvents(raw: unknown, faults: FaultSet): WebhookEvent[] {
  if ((raw === undefined || raw === null) && faults.has('missing-events-subscribes-all')) return [...WEBHOOK_EVENTS];
  if (raw === undefined || raw === null) throw invalid(`events is required: give at least one of ${WEBHOOK_EVENTS.join(', ')}`);
  if (typeof raw === 'string' && faults.has('events-string-accepted')) return checkEvents([raw], faults);
  if (!Array.isArray(raw)) throw invalid('events must be an array of event names');
  if (raw.length === 0 && !faults.has('accepts-empty-events')) throw invalid('events must name at least one event');
  const events: WebhookEvent[] = [];
  const known = subscribable(faults);
  for (const given of raw) {
    const e = typeof given === 'string' ? lenientEnum(given, WEBHOOK_EVENTS, faults.has('events-case-insensitive') ? 'case' : undefined) : given;
    const anyString = faults.has('events-enum-unchecked') && typeof e === 'string';
    if (!anyString && (typeof e !== 'string' || !(known as readonly string[]).includes(e))) {
      throw invalid(`events has ${JSON.stringify(e)}: use ${WEBHOOK_EVENTS.join(', ')}`);
    }
    if (!events.includes(e as WebhookEvent)) events.push(e as WebhookEvent);
  }
  return events;
}
