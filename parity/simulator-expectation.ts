import type { Requirement } from '../spec/requirements.js';
import type { Check } from '../suites/checks/index.js';
import type { Profile, Target } from '../targets/index.js';
import type { ParityRules, SimulatorExpectation } from './parity-rules.js';
import { requirementMatches } from './parity-rules.js';

/** Why a check ran on one side only, in terms of the profiles. */
export interface ProfileCause {
  /** The spec §8 expectation of a simulator that explains it, if one does. */
  readonly expectation?: SimulatorExpectation;
  /** True when the profiles alone explain it (the check's requirements or appliesTo are profile-bound). */
  readonly profileBound: boolean;
  /** The profile the check applies to, when profile-bound (for the row's text). */
  readonly appliesTo?: string;
}

/**
 * Why `check` applies to `ran` and not to `skipped` (two profiles). An expectation of a simulator only when one of
 * spec §8's traits (any key, no rate limit, one webhook URL, no cost) explains it: flipping that trait of the
 * simulator to production's makes the check apply, or every requirement of the check is one §8 sets aside.
 * Profile-bound for another reason (tiers, the reference's failing numbers) is not expected of a simulator.
 */
export function profileCause(check: Check, ranOn: Target, skippedOn: Target, requirements: readonly Requirement[], rules: ParityRules): ProfileCause {
  const [ran, skipped] = [ranOn.profile, skippedOn.profile];
  const applies = (profile: Profile, target: Target): boolean => check.appliesTo?.(profile, target) === true;
  const limited = check.requirements.map((id) => requirements.find((r) => r.id === id)?.profiles).filter((p) => p !== undefined);
  const byName = limited.length > 0 && limited.length === check.requirements.length && limited.every((p) => !p.includes(skipped.name));
  const byAppliesTo = check.appliesTo !== undefined && applies(ran, ranOn) && !applies(skipped, skippedOn);
  const byLocal = (check.needs ?? []).includes('receiver') && ran.local !== skipped.local;
  const profileBound = byName || byAppliesTo || byLocal;
  const bound = profileBound ? { profileBound, appliesTo: ran.name } : { profileBound };
  if (!profileBound || (ran.name !== 'simulator' && skipped.name !== 'simulator')) return bound;
  const [simulator, simulatorTarget] = ran.name === 'simulator' ? [ran, ranOn] : [skipped, skippedOn];
  // the §8 trait that, set as production has it, makes the check's applicability on the simulator change
  const byTrait = byAppliesTo
    ? rules.simulatorExpectations.find((e) => {
        const flipped = { ...simulator, ...e.productionTraits } as Profile;
        return applies(flipped, simulatorTarget) !== applies(simulator, simulatorTarget);
      })
    : undefined;
  const expectation = byTrait ?? expectationFor(check, rules);
  return { ...bound, ...(expectation ? { expectation } : {}) };
}

/** The §8 expectation that every one of the check's requirements matches (a check citing anything else is not excused). */
export function expectationFor(check: Pick<Check, 'requirements'>, rules: ParityRules): SimulatorExpectation | undefined {
  if (check.requirements.length === 0) return undefined;
  return rules.simulatorExpectations.find((e) => check.requirements.every((id) => e.requirements.some((p) => requirementMatches(id, p))));
}
