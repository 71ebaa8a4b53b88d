import type { Redactor } from '../targets/redact.js';
import type { Violation } from './session-tally.js';

/** Where a passive session (proxy or forwarder) reports as it goes, and the redactor its outputs pass through. */
export interface SessionHooks {
  /** Called for each violation as it is graded (the live console line); texts are sanitised, not yet redacted. */
  readonly onViolation: (violation: Violation) => void;
  /** Called after each exchange is complete with the count so far, e.g. to end a session after --max-exchanges. */
  readonly onExchange: (count: number) => void;
  /** Scrubs secrets from outputs; one is made when omitted. */
  readonly redactor: Redactor;
}
