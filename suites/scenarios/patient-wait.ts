import { performance } from 'node:perf_hooks';
import { HarnessError } from '../../targets/index.js';
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
    const left = Math.min(patience.deadline(baseMs), bound) - elapsed();
    if (left < 1) break;
    try {
      return await attempt(Math.ceil(left));
    } catch {
      // unmet within this deadline
    }
  }
  unmetWhileSlow(ctx, what, mark, `${Math.round(elapsed())} ms (the bound of a ${baseMs} ms wait is ${bound} ms)`);
  return undefined;
}

/** Throws SLOW_RUN when the run was slow since `mark` (decision 35): a wait that ended unmet then is not evidence. */
export function unmetWhileSlow(ctx: Pick<CheckContext, 'patience'>, what: string, mark: { readonly at: number }, waited: string): void {
  const slow = ctx.patience.unmetBecauseSlow(mark);
  if (slow === undefined) return;
  throw new HarnessError('SLOW_RUN', `${what}: not seen within ${waited}, while the run was slow: ${slow}`);
}
