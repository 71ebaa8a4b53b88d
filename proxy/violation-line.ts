import { requirementById } from '../spec/requirements.js';
import type { Redactor } from '../targets/redact.js';
import type { Violation } from './session-tally.js';

/** The live console line of one violation: level, requirement, exchange and what broke, redacted. */
export function violationLine(violation: Violation, redactor: Redactor): string {
  const level = requirementById(violation.requirement)?.level ?? 'must';
  return redactor.scrub(`✗ [${level}] ${violation.requirement}  ${violation.exchange}: ${violation.message}`);
}
