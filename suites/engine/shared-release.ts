import type { CaseScale, SharedSends } from '../checks/index.js';
import type { PlannedCheck } from './plan.js';
import { costOf } from './run-estimate.js';

/**
 * Forgets a shared send (CheckContext.shared) once the last planned check whose cost declares its key has run: its
 * answers are not held for the rest of the run. A target answering 1 MB ids kept ~180 MB of them alive to the end
 * (test/chaos big-id, issue 15's memory bound). A key no cost declares is kept, as before.
 */
export function sharedSendRelease(plan: readonly PlannedCheck[], scale: CaseScale, shared: SharedSends): (planned: PlannedCheck) => void {
  const keyOf = new Map<string, string>();
  const left = new Map<string, number>();
  for (const planned of plan) {
    const key = costOf(planned.check, scale).shared;
    if (key === undefined) continue;
    keyOf.set(planned.check.id, key);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  return (planned) => {
    const key = keyOf.get(planned.check.id);
    if (key === undefined) return;
    const remaining = (left.get(key) ?? 1) - 1;
    left.set(key, remaining);
    if (remaining <= 0) shared.delete(key);
  };
}
