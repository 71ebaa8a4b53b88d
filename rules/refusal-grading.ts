import type { Operation } from '../spec/index.js';
import { fail, refusal } from './finding.js';
import type { Finding } from './finding.js';
import type { RequestIssue, RequestReading } from './request-reading.js';

// statuses that answer who may call (spec §5, DESIGN.md §4 auth, tier, rate limit), not what was sent: a target may
// check them before it validates, so they neither prove nor break a validation rule
const notAboutInput = new Set([401, 402, 403, 429]);

/** True when the request breaks a rule of the contract (at must or, for x-assumed parts, should level). */
export function isInvalid(reading: RequestReading): boolean {
  return reading.malformedJson || reading.issues.length > 0 || reading.assumedIssues.length > 0;
}

/**
 * Findings of an answer to a request that breaks the contract: a 2xx breaks the rule the failing keyword cites
 * (x-requirements) and, for the spec's own rules, ERR-VALIDATION-4XX (spec §7); a 4xx is a refusal that proves them.
 */
export function gradeRefusal(operation: Operation, status: number, reading: RequestReading): Finding[] {
  if (status >= 500 || notAboutInput.has(status)) return [];
  const must = [
    ...(reading.malformedJson ? ['ERR-MALFORMED-JSON-4XX'] : []),
    ...(reading.issues.length > 0 ? ['ERR-VALIDATION-4XX'] : []),
    ...cited(reading.issues),
  ];
  const should = cited(reading.assumedIssues);
  const ids = [...new Set([...must, ...should])];
  if (status < 300) {
    const what = describe(reading);
    return ids.map((id) => fail(id, `${operation.method} ${operation.path} accepted (${status}) a request that ${what}`));
  }
  if (status < 500 && status >= 400) {
    const findings = ids.map(refusal);
    // DESIGN.md §4 bad input: 400 exactly (a refusal of the spec's own rules only)
    if (must.length > 0)
      findings.push(
        status === 400 ? refusal('ERR-VALIDATION-400') : fail('ERR-VALIDATION-400', `refused invalid input with ${status}; DESIGN.md §4 decides 400`),
      );
    return findings;
  }
  return [];
}

/** The requirements the failing keywords cite; a path parameter's own citation is about answers, not requests. */
function cited(issues: readonly RequestIssue[]): string[] {
  return issues.filter((item) => item.location !== 'path' && item.issue.requirement !== undefined).map((item) => item.issue.requirement as string);
}

function describe(reading: RequestReading): string {
  if (reading.malformedJson) return 'has a body that is not JSON';
  const issues = [...reading.issues, ...reading.assumedIssues].slice(0, 3);
  return `breaks ${issues.map(({ location, issue }) => `${location}${issue.path || ''} ${issue.keyword} (${issue.message})`).join('; ')}`;
}
