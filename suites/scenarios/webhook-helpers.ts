import type { BacklogWait, Delivery } from '../../receiver/index.js';
import type { Profile } from '../../targets/index.js';
import { fixtureBreaks } from '../checks/index.js';
import type { CheckContext, CheckDefinition } from '../checks/index.js';
import { unmetWhileSlow, waitPatiently } from './patient-wait.js';
import type { PatientContext } from './patient-wait.js';

/**
 * How long a check waits for deliveries it caused on a quiet run (the reference finishes a lifecycle in well under a
 * second); the run's patience stretches it on a slow one (decision 35).
 */
export const deliveryWaitMs = 5_000;

/**
 * The longest a wait goes on while the target keeps delivering to the webhook waited on (each such arrival restarts
 * deliveryWaitMs). Every webhook subscribed to a kind gets that kind for every message of the run, so under load a
 * target that delivers one webhook's events one at a time is seconds behind: late, not lost (the spec sets no bound).
 */
export const deliveryBacklogMs = 20_000;

/**
 * The backlog wait for deliveries at `paths`: arrivals there show the target still working through that webhook's
 * queue (deliveryBacklogMs, stretched by the run's patience).
 */
function backlogAt(ctx: PatientContext, paths: string | readonly string[] | undefined): BacklogWait | undefined {
  if (paths === undefined) return undefined;
  const at = new Set(typeof paths === 'string' ? [paths] : paths);
  return { while: (d) => at.has(d.path), maxMs: ctx.patience.deadline(deliveryBacklogMs) };
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
 * Waits for `count` deliveries matching the predicate (already arrived or future), patiently (waitPatiently); unmet on
 * a quiet run it is a conformance failure that says what did not arrive, on a slow run a SLOW_RUN harness error.
 */
export async function waitForArrivals(
  ctx: CheckContext,
  what: string,
  predicate: (delivery: Delivery) => boolean,
  wait: ArrivalWait = {},
): Promise<Delivery[]> {
  const { count = 1, timeoutMs = deliveryWaitMs } = wait;
  const started = Date.now();
  const store = ctx.receiver.store;
  const found = await waitPatiently(ctx, what, timeoutMs, (ms) => store.waitForCount(count, predicate, ms, backlogAt(ctx, wait.backlogAt)));
  if (found !== undefined) return found;
  const seen = store.all().filter(predicate).length;
  return ctx.fail(`${what}: ${seen} of ${count} expected deliveries arrived within ${Date.now() - started} ms`, wait.breaks);
}

/**
 * Like waitForArrivals, but resolves undefined instead of failing when nothing arrives on a quiet run (the caller
 * judges that); on a slow run it throws SLOW_RUN (decision 35).
 */
export async function maybeArrival(
  ctx: CheckContext,
  predicate: (delivery: Delivery) => boolean,
  timeoutMs = deliveryWaitMs,
  backlog?: string | readonly string[],
  what = 'the awaited delivery',
): Promise<Delivery | undefined> {
  return waitPatiently(ctx, what, timeoutMs, (ms) => ctx.receiver.store.waitFor(predicate, ms, backlogAt(ctx, backlog)));
}

/**
 * Polls GET /v1/messages/{id} until the status is terminal (delivered or failed) or the run's patience for a
 * `timeoutMs` wait passes, and returns the last answer: spec §3 does not show the transitions, so each caller judges a
 * status that never became terminal at its own level (on a quiet run; on a slow one it throws SLOW_RUN, decision 35).
 * `read`, when given, collects every status the reads showed.
 */
export async function finalMessage(ctx: CheckContext, id: string, timeoutMs = deliveryWaitMs, read?: Set<unknown>): Promise<Record<string, unknown>> {
  const mark = ctx.patience.mark();
  const started = Date.now();
  const terminal = (m: Record<string, unknown>): boolean => m.status === 'delivered' || m.status === 'failed';
  let message: Record<string, unknown> = {};
  // bounded in count too: 20 ms pauses over the longest stretched wait
  for (let attempt = 0; attempt < 2_000 && !ctx.signal.aborted; attempt++) {
    const exchange = await ctx.http.request({ method: 'GET', path: `/v1/messages/${id}` });
    ctx.expectStatus(exchange, '2xx', `reading message ${id}`, fixtureBreaks(ctx));
    message = (exchange.json ?? {}) as Record<string, unknown>;
    read?.add(message.status);
    if (terminal(message) || Date.now() - started > ctx.patience.deadline(timeoutMs, mark)) break;
    await pollPause(ctx, 20);
  }
  if (terminal(message)) return message;
  const waitedMs = Date.now() - started;
  unmetWhileSlow(ctx, `a terminal status of message ${id} (still ${String(message.status)})`, mark, timeoutMs, waitedMs);
  ctx.log(`message ${id} is still ${String(message.status)} after ${waitedMs} ms`);
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
