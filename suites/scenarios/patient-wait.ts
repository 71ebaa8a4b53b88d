import { performance } from 'node:perf_hooks';
import { ReceiverError } from '../../receiver/index.js';
import { HarnessError } from '../../targets/index.js';
import type { PatienceMark } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';

/** What a patient wait reads of the check's context. */
export type PatientContext = Pick<CheckContext, 'patience' | 'signal'>;

/**
 * Waits until `attempt` resolves, within the run's patience for a wait that takes up to `baseMs` on a quiet run
 * (decision 35): each attempt gets what is left of the deadline, which stretches as the run slows (at most
 * patienceRule.maxStretch × baseMs). Resolves undefined when the wait ends unmet on a quiet run (the caller judges
 * that: the target's doing); throws HarnessError SLOW_RUN (the check ends errored) when the run was slow during it.
 */
export async function waitPatiently<T>(ctx: PatientContext, what: string, baseMs: number, attempt: (timeoutMs: number) => Promise<T>): Promise<T | undefined> {
  const { patience } = ctx;
  const mark = patience.mark();
  const bound = patience.bound(baseMs);
  const elapsed = (): number => performance.now() - mark.at;
  // a few rounds: an attempt that ends unmet asks again, since the run may have slowed meanwhile
  for (let round = 0; round < 8 && !ctx.signal.aborted; round++) {
    const left = Math.min(patience.deadline(baseMs, mark), bound) - elapsed();
    if (left < 1) break;
    try {
      return await attempt(Math.ceil(left));
    } catch (error) {
      // unmet within this deadline: ask again; anything else (the receiver stopped, a harness bug) is not a wait's end
      if (!(error instanceof ReceiverError && error.code === 'wait_timeout')) throw error;
    }
  }
  unmetWhileSlow(ctx, what, mark, baseMs, elapsed());
  return undefined;
}

/**
 * Throws SLOW_RUN when the run was slow since `mark` and the wait (of base `baseMs`, `waitedMs` long) did not outwait
 * that slowness (decision 35): a wait that ended unmet then is not evidence.
 */
export function unmetWhileSlow(ctx: Pick<CheckContext, 'patience'>, what: string, mark: PatienceMark, baseMs: number, waitedMs: number): void {
  const slow = ctx.patience.unmetBecauseSlow(mark, { baseMs, waitedMs });
  if (slow === undefined) return;
  const waited = `${Math.round(waitedMs)} ms (the bound of a ${baseMs} ms wait is ${ctx.patience.bound(baseMs)} ms)`;
  throw new HarnessError('SLOW_RUN', `${what}: not seen within ${waited}, while the run was slow: ${slow}`);
}
