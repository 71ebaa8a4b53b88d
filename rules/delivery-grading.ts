import { validate } from '../spec/index.js';
import type { ValidationIssue } from '../spec/index.js';
import type { SignatureScheme, VerifyFailureCode } from '../receiver/schemes/index.js';
import { isJsonType } from './answer-body.js';
import { issueLevel, levelOf } from './contract-picks.js';
import { fail, pass, verdict } from './finding.js';
import type { Finding } from './finding.js';
import { describeIssue } from './schema-findings.js';

/** How deliveries are verified: the scheme and the webhook secrets the user configured. */
export interface DeliveryVerification {
  readonly scheme: SignatureScheme;
  readonly secrets: readonly string[];
  readonly toleranceSeconds: number;
}

/** One delivery as the forwarder received it. */
export interface ReceivedDelivery {
  readonly raw: Buffer;
  /** Every header line, names lower-cased, duplicates kept (the form the schemes read). */
  readonly headers: Readonly<Record<string, string[]>>;
}

/** The requirement each verification failure breaks (spec §5.3 and the DESIGN.md §4 signature decision). */
const signatureRequirement: Partial<Record<VerifyFailureCode, string>> = {
  missing_header: 'SIG-HEADER-PRESENT',
  duplicate_header: 'SIG-HEADER-FORMAT',
  malformed_header: 'SIG-HEADER-FORMAT',
  no_supported_signature: 'SIG-HEADER-FORMAT',
  timestamp_outside_tolerance: 'SIG-TIMESTAMP',
  no_matching_signature: 'SIG-HMAC-SHA256',
};

/** Grades one delivery: signature (when secrets are given), Content-Type and the payload shape of its event (spec §6). */
export function gradeDelivery(delivery: ReceivedDelivery, verification: DeliveryVerification | undefined): { event: string; findings: Finding[] } {
  const first = (name: string): string | undefined => delivery.headers[name]?.[0];
  const findings: Finding[] = [
    verdict(
      'EVT-JSON-CONTENT-TYPE',
      isJsonType(first('content-type')),
      () => `Content-Type is ${first('content-type') ?? '(none)'}, expected application/json`,
    ),
  ];
  if (verification !== undefined) findings.push(...gradeSignature(delivery, verification));
  let json: unknown;
  try {
    json = JSON.parse(delivery.raw.toString('utf8'));
  } catch {
    return { event: '(not JSON)', findings: [...findings, fail('EVT-PAYLOAD-SHAPE', `the body is not JSON: ${delivery.raw.toString('utf8').slice(0, 80)}`)] };
  }
  const eventField = (json as { event?: unknown } | null)?.event;
  const event = typeof eventField === 'string' ? eventField.slice(0, 60) : '(no event)';
  const issues = validate('WebhookPayload', json).issues;
  const must = issues.filter((issue) => issueLevel(issue) === 'must');
  const should = issues.filter((issue) => issueLevel(issue) !== 'must');
  if (must.length === 0) findings.push(pass('EVT-PAYLOAD-SHAPE'), pass('EVT-KIND-MATCHES'));
  if (should.length === 0) findings.push(pass('EVT-DATA-FIELDS'));
  const byRequirement = new Map<string, string[]>();
  for (const issue of issues) byRequirement.set(requirementOf(issue), [...(byRequirement.get(requirementOf(issue)) ?? []), describeIssue(issue)]);
  for (const [id, texts] of byRequirement) findings.push(fail(id, `the ${event} payload does not match WebhookPayload: ${texts.slice(0, 3).join('; ')}`));
  if (verification?.scheme.name === 'service') {
    // DESIGN.md §4 signature: Service-Event names the event, Service-Delivery-Id identifies the delivery
    const extra = first('service-event') === eventField && (first('service-delivery-id') ?? '') !== '';
    findings.push(
      verdict(
        'SIG-EXTRA-HEADERS',
        extra,
        () =>
          `Service-Event is ${first('service-event') ?? '(none)'} for event ${event}, Service-Delivery-Id ${first('service-delivery-id') === undefined ? 'absent' : 'present'}`,
      ),
    );
  }
  return { event, findings };
}

function gradeSignature(delivery: ReceivedDelivery, verification: DeliveryVerification): Finding[] {
  const result = verification.scheme.verify({
    raw: delivery.raw,
    headers: delivery.headers,
    secrets: verification.secrets,
    toleranceSeconds: verification.toleranceSeconds,
  });
  if (result.ok) {
    const service = verification.scheme.name === 'service' ? ['SIG-HEADER-FORMAT', 'SIG-TIMESTAMP', 'SIG-RAW-BODY'] : [];
    return ['SIG-HEADER-PRESENT', 'SIG-HMAC-SHA256', ...service].map(pass);
  }
  const requirement = signatureRequirement[result.code];
  if (requirement === undefined) return [];
  const present = requirement === 'SIG-HEADER-PRESENT' ? [] : [pass('SIG-HEADER-PRESENT')];
  return [...present, fail(requirement, `the signature does not verify (${result.code}): ${result.message}`)];
}

/** The requirement a payload issue breaks: its citation, an unknown event kind, or the shape rule of its level. */
function requirementOf(issue: ValidationIssue): string {
  if (issue.requirement !== undefined && (!issue.assumed || levelOf(issue.requirement) !== 'must')) return issue.requirement;
  if (issue.keyword === 'discriminator') return 'EVT-KIND-MATCHES';
  return issueLevel(issue) === 'must' ? 'EVT-PAYLOAD-SHAPE' : 'EVT-DATA-FIELDS';
}
