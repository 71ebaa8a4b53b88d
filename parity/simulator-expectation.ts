import type { Requirement } from '../spec/requirements.js';
import type { Check } from '../suites/checks/index.js';
import type { Profile, Target } from '../targets/index.js';
import type { ParityRules, SimulatorExpectation } from './parity-rules.js';
import { requirementMatches } from './parity-rules.js';

/** Why a check ran on one side only, in terms of the profiles. */
export interface ProfileCause {
  /** The expectation of a simulator that explains it, if one does. */
  readonly expectation?: SimulatorExpectation;
  /** True when the profiles alone explain it (the check's requirements or appliesTo are profile-bound). */
  readonly profileBound: boolean;
}

/**
 * Why `check` applies to `ran` and not to `skipped` (two profiles): an expectation of a simulator when the simulator side's
 * profile traits (auth, rate limit, one webhook URL) or the check's requirements explain it.
 */
export function profileCause(check: Check, ranOn: Target, skippedOn: Target, requirements: readonly Requirement[], rules: ParityRules): ProfileCause {
  const [ran, skipped] = [ranOn.profile, skippedOn.profile];
  const applies = (profile: Profile, target: Target): boolean => check.appliesTo?.(profile, target) === true;
  const limited = check.requirements.map((id) => requirements.find((r) => r.id === id)?.profiles).filter((p) => p !== undefined);
  const byName = limited.length > 0 && limited.length === check.requirements.length && limited.every((p) => !p.includes(skipped.name));
  const byAppliesTo = check.appliesTo !== undefined && applies(ran, ranOn) && !applies(skipped, skippedOn);
  const byLocal = (check.needs ?? []).includes('receiver') && ran.local !== skipped.local;
  const profileBound = byName || byAppliesTo || byLocal;
  if (!profileBound || (ran.name !== 'simulator' && skipped.name !== 'simulator')) return { profileBound };
  const [simulator, simulatorTarget] = ran.name === 'simulator' ? [ran, ranOn] : [skipped, skippedOn];
  // the traits that, set as production has them, make the check's applicability on the simulator change
  const byTrait = byAppliesTo
    ? rules.simulatorExpectations.find((e) => {
        const flipped = { ...simulator, ...e.productionTraits } as Profile;
        return applies(flipped, simulatorTarget) !== applies(simulator, simulatorTarget);
      })
    : undefined;
  const expectation = byTrait ?? expectationFor(check, rules);
  return { profileBound, ...(expectation ? { expectation } : {}) };
}

/** The expectation whose requirement patterns match one of the check's requirements. */
export function expectationFor(check: Pick<Check, 'requirements'>, rules: ParityRules): SimulatorExpectation | undefined {
  return rules.simulatorExpectations.find((e) => check.requirements.some((id) => e.requirements.some((p) => requirementMatches(id, p))));
}
