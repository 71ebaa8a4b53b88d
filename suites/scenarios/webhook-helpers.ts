import type { BacklogWait, Delivery } from '../../receiver/index.js';
import type { Profile } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext, CheckDefinition } from '../checks/index.js';

/** How long a check waits for deliveries it caused (the reference finishes a lifecycle in well under a second). */
export const deliveryWaitMs = 5_000;

/**
 * The longest a wait goes on while the target keeps delivering to the webhook waited on (each such arrival restarts
 * deliveryWaitMs). Every webhook subscribed to a kind gets that kind for every message of the run, so under load a
 * target that delivers one webhook's events one at a time is seconds behind: late, not lost (the spec sets no bound).
 */
export const deliveryBacklogMs = 20_000;

/** The backlog wait for deliveries at `paths`: arrivals there show the target still working through that webhook's queue. */
function backlogAt(paths: string | readonly string[] | undefined): BacklogWait | undefined {
  if (paths === undefined) return undefined;
  const at = new Set(typeof paths === 'string' ? [paths] : paths);
  return { while: (d) => at.has(d.path), maxMs: deliveryBacklogMs };
}

/** A JSON `{event, data}` delivery payload as received (DESIGN.md §4), or whatever else the body was. */
export interface ReceivedPayload {
  readonly event?: unknown;
  readonly data?: unknown;
}

/** The parsed body of a delivery (undefined when it is not a JSON object). */
export function payloadOf(delivery: Delivery): ReceivedPayload | undefined {
  const json = delivery.json;
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as ReceivedPayload) : undefined;
}

/** The event kind of a delivery: the payload's `event`, else the Service-Event header (DESIGN.md §4). */
export function eventOf(delivery: Delivery): string | undefined {
  const event = payloadOf(delivery)?.event;
  return typeof event === 'string' ? event : delivery.headers['service-event'];
}

/** The payload's `data` object, when there is one. */
export function dataOf(delivery: Delivery): Record<string, unknown> | undefined {
  const data = payloadOf(delivery)?.data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/**
 * True when the delivery reports the message: its payload's `data.id` is the id (spec §6). Matched by the field, never
 * by a substring of the raw body: a payload whose data.id names another message is not this message's event.
 */
export function reports(delivery: Delivery, id: string): boolean {
  return dataOf(delivery)?.id === id;
}

/** The deliveries that arrived at a path, in arrival order. */
export function arrivalsAt(ctx: CheckContext, path: string): Delivery[] {
  return ctx.receiver.store.byPath(path);
}

/** Options of waitForArrivals. */
export interface ArrivalWait {
  /** Deliveries to wait for (default 1). */
  readonly count?: number;
  readonly timeoutMs?: number;
  /** The requirement their absence shows broken (default: the context's, see ctx.citing). */
  readonly breaks?: string;
  /** The webhook path(s) whose other arrivals prolong the wait (deliveryBacklogMs). */
  readonly backlogAt?: string | readonly string[];
}

/**
 * Waits for `count` deliveries matching the predicate (already arrived or future); a timeout is a conformance
 * failure that says what did not arrive, not a harness error.
 */
export async function waitForArrivals(
  ctx: CheckContext,
  what: string,
  predicate: (delivery: Delivery) => boolean,
  wait: ArrivalWait = {},
): Promise<Delivery[]> {
  const { count = 1, timeoutMs = deliveryWaitMs } = wait;
  const started = Date.now();
  try {
    return await ctx.receiver.store.waitForCount(count, predicate, timeoutMs, backlogAt(wait.backlogAt));
  } catch {
    const seen = ctx.receiver.store.all().filter(predicate).length;
    return ctx.fail(`${what}: ${seen} of ${count} expected deliveries arrived within ${Date.now() - started} ms`, wait.breaks);
  }
}

/** Like waitForArrivals, but resolves undefined instead of failing when nothing arrives in time. */
export async function maybeArrival(
  ctx: CheckContext,
  predicate: (delivery: Delivery) => boolean,
  timeoutMs = deliveryWaitMs,
  backlog?: string | readonly string[],
): Promise<Delivery | undefined> {
  return ctx.receiver.store.waitFor(predicate, timeoutMs, backlogAt(backlog)).catch(() => undefined);
}

/**
 * Polls GET /v1/messages/{id} until the status is terminal (delivered or failed) or the bound passes, and returns the
 * last answer: spec §3 does not show the transitions, so each caller judges a status that never became terminal at
 * its own level. `read`, when given, collects every status the reads showed.
 */
export async function finalMessage(ctx: CheckContext, id: string, timeoutMs = deliveryWaitMs, read?: Set<unknown>): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let message: Record<string, unknown> = {};
  for (let attempt = 0; attempt < 250 && !ctx.signal.aborted; attempt++) {
    const exchange = await ctx.http.request({ method: 'GET', path: `/v1/messages/${id}` });
    ctx.expectStatus(exchange, '2xx', `reading message ${id}`, fixtureBreaks(ctx));
    message = (exchange.json ?? {}) as Record<string, unknown>;
    read?.add(message.status);
    if (message.status === 'delivered' || message.status === 'failed' || Date.now() > deadline) break;
    await pollPause(ctx, 20);
  }
  if (message.status !== 'delivered' && message.status !== 'failed') ctx.log(`message ${id} is still ${String(message.status)} after ${timeoutMs} ms`);
  return message;
}

/** The pause between two polls: on a production target each poll spends the key's 100 requests a minute (spec §8). */
export function pollPause(ctx: Pick<CheckContext, 'profile'>, ms: number): Promise<void> {
  return pause(ctx.profile.name === 'production' ? Math.max(ms, 1_000) : ms);
}

/** Waits a little between polls (never as a substitute for waiting on a condition). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * appliesTo of checks that expect message events at registered webhooks: every profile. A simulator serves the same
 * webhook paths and "sends the same events as production" (spec §6, §8); one that sends events only to its one
 * configured URL (the other reading of spec §8) gets these checks skipped with that reason when they run
 * (suites/engine/delivery-hint.ts), never failed.
 */
export function eventsReachRegisteredWebhooks(_profile: Profile): true | string {
  return true;
}

/**
 * The definition fields of webhook checks (defineWebhookCheck: it adds the receiver and createWebhook) that send a
 * message and watch its events at a registered webhook. They run together after the other checks of their phase
 * (watchesLifecycle): a webhook receives every message's events, so each matches deliveries to its own message by
 * data.id, and the other suites' many sends do not queue ahead of their events.
 */
export const messageEventCheck = {
  needs: ['billable'],
  appliesTo: eventsReachRegisteredWebhooks,
  watchesLifecycle: true,
  // it sends a message to trigger events: blocked when that does not work (as when creating a webhook does not)
  uses: ['sendMessage'],
} as const satisfies Pick<CheckDefinition, 'needs' | 'appliesTo' | 'watchesLifecycle' | 'uses'>;
