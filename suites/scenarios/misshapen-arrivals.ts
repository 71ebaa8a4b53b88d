import type { Delivery } from '../../receiver/index.js';
import { HarnessError } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { shapeProblem } from './payload-problem.js';

/** Most characters of a body a failure shows (the reports escape them: reports/safe-text.ts). */
const shownChars = 300;

/** The last arrival at `path` so far: what comes after it is what the awaited event could have been. */
export function arrivalMark(ctx: CheckContext, path: string): number {
  return ctx.receiver.store.byPath(path).at(-1)?.seq ?? 0;
}

/**
 * What reached `path` after `mark` without spec §6's `{event, data}` shape, in words (the first body redacted and
 * cut), or undefined: where the awaited event did not come, a payload that did is shown, never "nothing arrived".
 */
export function misshapenSince(ctx: CheckContext, path: string, mark: number): string | undefined {
  const misshapen = ctx.receiver.store.byPath(path).filter((d) => d.seq > mark && shapeProblem(d) !== undefined);
  const [first] = misshapen;
  if (first === undefined) return undefined;
  const body = ctx.http.redactor.scrub(first.raw.toString('utf8'));
  const shown = body.length > shownChars ? `${body.slice(0, shownChars)}…(+${body.length - shownChars} chars)` : body;
  const count = misshapen.length === 1 ? 'a delivery' : `${misshapen.length} deliveries`;
  return `${count} reached ${path} without spec §6's {event, data} shape: #${first.seq}: ${String(shapeProblem(first))}; body: ${shown}`;
}

/** What came instead of the awaited event, to end a failure's words with (empty when nothing misshapen came). */
export function shownInstead(ctx: CheckContext, path: string, mark: number): string {
  const instead = misshapenSince(ctx, path, mark);
  return instead === undefined ? '' : `; instead ${instead}`;
}

/**
 * The awaited delivery's shape, judged on EVT-PAYLOAD-SHAPE (when the check cites it): when it did not come but misshapen ones did after `mark`,
 * the check fails on them (what came is the finding); when it came, it must be `{event, data}` itself.
 */
export function expectShaped(ctx: CheckContext, arrived: Delivery | undefined, path: string, mark: number, awaited: string): void {
  // an observe check (one requirement of its own) notes it on that one: EVT-PAYLOAD-SHAPE is a must it cannot fail
  const breaks = ctx.check.requirements.includes('EVT-PAYLOAD-SHAPE') ? 'EVT-PAYLOAD-SHAPE' : undefined;
  if (arrived === undefined) {
    const instead = misshapenSince(ctx, path, mark);
    if (instead !== undefined) ctx.fail(`${awaited} did not come as {event, data}: ${instead}`, breaks);
    return;
  }
  const problem = shapeProblem(arrived);
  ctx.expect(problem === undefined, `${awaited} (#${arrived.seq}) is not {event, data}: ${problem ?? ''}`, breaks);
}

/**
 * `wait` (a patient wait for the awaited delivery) with the shape judged as expectShaped does. A wait unmet on a slow
 * run is no evidence (SLOW_RUN, decision 35), but a misshapen payload that did come is, whatever the load: it fails.
 */
export async function awaitShaped(
  ctx: CheckContext,
  path: string,
  mark: number,
  awaited: string,
  wait: () => Promise<Delivery | undefined>,
): Promise<Delivery | undefined> {
  let arrived: Delivery | undefined;
  try {
    arrived = await wait();
  } catch (error) {
    if (error instanceof HarnessError && error.code === 'SLOW_RUN') expectShaped(ctx, undefined, path, mark, awaited);
    throw error;
  }
  expectShaped(ctx, arrived, path, mark, awaited);
  return arrived;
}
