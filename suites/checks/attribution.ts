import { requirementById } from '../../spec/requirements.js';
import { HarnessError } from '../../targets/index.js';
import type { Level } from '../../spec/level.js';
import type { FailureDetails } from './check-failure.js';

/**
 * What a failed expectation shows broken: a requirement id the check cites, or failure details that name it in
 * `requirements` (plus the exchange, counterexample ...). A check citing one requirement may leave it out.
 */
export type Breaks = string | FailureDetails;

/**
 * What a failed fixture step (creating the webhook or message a check needs) shows broken: the requirement the caller
 * cites through ctx.citing, else the one requirement of a single-requirement check (its subject is often the very
 * request), else ERR-SUCCESS-2XX (a valid request was not served; the strictest level, so any check may name it).
 */
export function fixtureBreaks(ctx: { readonly cited: string | undefined; readonly check: { readonly requirements: readonly string[] } }): string {
  const [only, ...more] = ctx.check.requirements;
  return ctx.cited ?? (only !== undefined && more.length === 0 ? only : 'ERR-SUCCESS-2XX');
}

/** The parts of a check that attribution reads. */
export interface AttributedCheck {
  readonly id: string;
  readonly level: Level;
  readonly requirements: readonly string[];
}

const strictness: Readonly<Record<Level, number>> = { must: 0, should: 1, observe: 2 };

// requirement ids look like AREA-TOPIC[-RULE] (spec/requirements.ts); only catalogued ones are refused in messages
const idLike = /\b[A-Z]{2,5}(?:-[A-Z0-9]+)+\b/g;

/** The catalogued requirement ids a failure message spells out (they belong in the attribution, not the text). */
export function requirementIdsIn(message: string): string[] {
  return [...message.matchAll(idLike)].map((match) => match[0]).filter((id) => requirementById(id) !== undefined);
}

/**
 * The failure details of one expectation of `check`, naming the requirement it shows broken. Called on every
 * expectation, passing or not, so a clean run already refuses (HarnessError, the check errors):
 * - a message that spells a requirement id (it belongs in the attribution);
 * - an expectation of a check citing several requirements that names none;
 * - a named requirement that is unknown, or that the check does not cite and is looser than the check (a should
 *   requirement failing a must check would escape the registry's level discipline). An uncited requirement at
 *   least as strict is fine: e.g. a fixture set-up shows ERR-SUCCESS-2XX broken in any check.
 */
export function attribute(check: AttributedCheck, message: string, breaks: Breaks | undefined): FailureDetails {
  const spelled = requirementIdsIn(message);
  if (spelled.length > 0) {
    throw new HarnessError(
      'INVALID_CHECK',
      `Check ${check.id}: the failure message names ${spelled.join(', ')}; pass the requirement as the expectation's attribution (ctx.expect(condition, message, '${spelled[0]}')) and keep the text for people.`,
    );
  }
  const details: FailureDetails = typeof breaks === 'string' ? { requirements: [breaks] } : (breaks ?? {});
  const named = details.requirements;
  if (named === undefined || named.length === 0) {
    if (check.requirements.length === 1) return { ...details, requirements: [...check.requirements] };
    throw new HarnessError(
      'INVALID_CHECK',
      `Check ${check.id} cites ${check.requirements.join(', ')}: say which one this expectation shows broken ("${message.slice(0, 80)}"), e.g. ctx.expect(condition, message, '${check.requirements[0]}').`,
    );
  }
  const loose = named.filter((id) => {
    if (check.requirements.includes(id)) return false;
    const level = requirementById(id)?.level;
    return level === undefined || strictness[level] > strictness[check.level];
  });
  if (loose.length > 0) {
    throw new HarnessError(
      'INVALID_CHECK',
      `Check ${check.id} (${check.level}) attributes a failure to ${loose.join(', ')}, which it does not cite and which is unknown or looser than the check: name one of ${check.requirements.join(', ')}.`,
    );
  }
  return details;
}
