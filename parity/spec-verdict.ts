import { requirements as catalogue } from '../spec/requirements.js';
import type { Requirement } from '../spec/requirements.js';
import type { Level } from '../spec/level.js';
import type { CheckResult, CheckStatus } from '../suites/engine/index.js';
import type { BrokenRequirement, RowSpec } from './parity-result.js';

const failing = (status: CheckStatus): boolean => status === 'failed' || status === 'errored';

/** One side of a difference as the verdict needs it: the check's outcome there (undefined when not planned). */
export type SideCheck = Pick<CheckResult, 'status' | 'requirements' | 'violated'> | undefined;

/** The catalogue entries a side's failure breaks: what the failure names (violated), else every requirement of the check. */
export function brokenBy(check: SideCheck, requirements: readonly Requirement[] = catalogue): BrokenRequirement[] {
  if (check === undefined || !failing(check.status)) return [];
  const ids = check.violated && check.violated.length > 0 ? check.violated : check.requirements;
  return ids.flatMap((id) => {
    const found = requirements.find((r) => r.id === id);
    return found ? [{ id, section: found.section, level: found.level }] : [];
  });
}

/** "MSG-X (spec §2.1, must)": a must requirement is the spec's; a should one is DESIGN.md's choice where it is silent. */
export function requirementText(r: BrokenRequirement): string {
  return r.level === 'must' ? `${r.id} (spec §${r.section}, must)` : `${r.id} (§${r.section}, ${r.level}: DESIGN.md's choice where the spec is silent)`;
}

function breaking(side: 'A' | 'B', broken: readonly BrokenRequirement[], status: CheckStatus): string {
  if (broken.length === 0) return `${side} ${status} the check`;
  return `${side} breaks ${broken.slice(0, 4).map(requirementText).join(', ')}${broken.length > 4 ? ` and ${broken.length - 4} more` : ''}`;
}

/**
 * Whether the spec decides between the two sides of a difference, and which side breaks what: a check that passed on
 * one side and failed on the other names the failing side and the requirements its failure breaks (with their spec
 * section and level: must is the spec's word, should DESIGN.md's). A blocked side leaves it undecided: parity folds
 * those rows into the row of the operation that blocked them.
 */
export function specVerdict(level: Level, a: SideCheck, b: SideCheck, requirements: readonly Requirement[] = catalogue): RowSpec {
  const [sa, sb] = [a?.status ?? 'skipped', b?.status ?? 'skipped'];
  const [ba, bb] = [brokenBy(a, requirements), brokenBy(b, requirements)];
  const decided = (broken: readonly BrokenRequirement[]): Pick<RowSpec, 'decidedBy'> => ({
    decidedBy: broken.some((r) => r.level === 'must') ? 'spec' : 'design',
  });
  if (level === 'observe') return { verdict: 'not-decided', why: 'an observe-level check: the spec is silent, the behaviour is only recorded' };
  if (failing(sa) && failing(sb)) {
    return {
      verdict: 'both-break',
      why: `${breaking('A', ba, sa)}; ${breaking('B', bb, sb)}`,
      breaks: [...ba, ...bb.filter((r) => !ba.some((x) => x.id === r.id))],
      ...decided([...ba, ...bb]),
    };
  }
  if (failing(sb) && sa !== 'blocked') {
    const where = sa === 'passed' ? ` (the ${level} check passed on A)` : sa === 'skipped' ? " (the check applies to B's profile; A did not run it)" : '';
    return { verdict: 'b-breaks', why: `${breaking('B', bb, sb)}${where}`, breaks: bb, ...decided(bb) };
  }
  if (failing(sa) && sb !== 'blocked') {
    const where = sb === 'passed' ? ` (the ${level} check passed on B)` : sb === 'skipped' ? " (the check applies to A's profile; B did not run it)" : '';
    return { verdict: 'a-breaks', why: `${breaking('A', ba, sa)}${where}`, breaks: ba, ...decided(ba) };
  }
  if (sa === 'passed' && sb === 'passed') return { verdict: 'both-conform', why: `the ${level} check passed on both: the spec allows either answer` };
  return { verdict: 'not-decided', why: `the check was ${sa} on A and ${sb} on B` };
}
