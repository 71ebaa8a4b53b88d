import type { CheckStatus, ResultLevel } from '../suites/engine/index.js';
import type { SpecVerdict } from './parity-result.js';

const failing = (status: CheckStatus): boolean => status === 'failed' || status === 'errored';

/**
 * Whether the spec decides between the two sides of a difference, from the check's level and each side's verdict:
 * a must/should check that passed on one side and failed on the other says that side conforms.
 */
export function specVerdict(level: ResultLevel, a: CheckStatus, b: CheckStatus, profileExpected = false): { verdict: SpecVerdict; why: string } {
  if (profileExpected) return { verdict: 'both-conform', why: 'the check applies to one profile only: each side conforms to what the spec asks of its profile' };
  if (level === 'observe') return { verdict: 'not-decided', why: 'an observe-level check: the spec is silent, the behaviour is only recorded' };
  if (a === 'passed' && failing(b)) return { verdict: 'a-conforms', why: `the ${level} check passed on A and ${b} on B` };
  if (b === 'passed' && failing(a)) return { verdict: 'b-conforms', why: `the ${level} check passed on B and ${a} on A` };
  if (a === 'passed' && b === 'passed') return { verdict: 'both-conform', why: `the ${level} check passed on both: the spec does not decide between them` };
  if (failing(a) && failing(b)) return { verdict: 'neither-conforms', why: `the ${level} check ${a} on A and ${b} on B` };
  return { verdict: 'not-decided', why: `the check was ${a} on A and ${b} on B` };
}
