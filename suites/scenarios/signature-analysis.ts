import { createHmac } from 'node:crypto';
import { getScheme, verifyDelivery } from '../../receiver/index.js';
import type { Delivery, VerifyResult } from '../../receiver/index.js';
import type { SignatureConvention } from '../../targets/index.js';

/**
 * What an HMAC may have been computed over: `<t>.<raw body>`, the raw body, a compact re-serialization of it, or
 * Standard Webhooks' `<id>.<t>.<raw body>`.
 */
export type SignedContent = 't.raw' | 'raw' | 't.json' | 'json' | 'id.t.raw';

/** How one delivery's signature relates to a secret, under the target's signature convention. */
export interface SignatureAnalysis {
  /** The signature header value of the configured scheme (spec §5.3), undefined when absent. */
  readonly header: string | undefined;
  /** Its timestamp (t= or webhook-timestamp), when it has one. */
  readonly timestamp: number | undefined;
  /** The contents an HMAC-SHA256 under the secret matches (empty: none). */
  readonly matched: readonly SignedContent[];
  /** The receiver's full verification with the configured scheme (300 s tolerance at arrival). */
  readonly scheme: VerifyResult;
  /** Seconds between the timestamp and the delivery's arrival (undefined without one). */
  readonly skewSeconds: number | undefined;
}

/** Allowed clock difference between the signature time and the arrival (DESIGN.md §4, SIG-TIMESTAMP: 5 minutes). */
export const toleranceSeconds = 300;

/** The header that carries the signature of a convention (lower case, as the receiver stores headers). */
export function signatureHeaderOf(convention: SignatureConvention): string {
  if (convention.scheme === 'standard-webhooks') return 'webhook-signature';
  if (convention.scheme === 'github') return 'x-hub-signature-256';
  return convention.header.toLowerCase();
}

/** How a convention reads in messages: "Service-Signature (service scheme)". */
export function describeConvention(convention: SignatureConvention): string {
  return convention.scheme === 'service' ? `${convention.header} (service scheme)` : `the ${convention.scheme} scheme`;
}

// DESIGN.md §4: the HMAC key is the secret string's UTF-8 bytes, prefix included (as the receiver's scheme assumes)
function hmacHex(secret: string, content: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(content).digest('hex');
}

function parseHeader(value: string): { t: number | undefined; v1: string[] } {
  let t: number | undefined;
  const v1: string[] = [];
  for (const element of value.split(',')) {
    const eq = element.indexOf('=');
    const key = element.slice(0, eq).trim();
    const text = element.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(text)) t = Number(text);
    if (key === 'v1') v1.push(text.toLowerCase());
  }
  return { t, v1 };
}

function reserialized(raw: Buffer): Buffer | undefined {
  try {
    return Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8'))), 'utf8');
  } catch {
    return undefined;
  }
}

/** The contents a service-style header (t=…,v1=<hex>) matches under the secret. */
function serviceMatches(delivery: Delivery, secret: string, header: string): { t: number | undefined; matched: SignedContent[] } {
  const { t, v1 } = parseHeader(header);
  const json = reserialized(delivery.raw);
  const contents: [SignedContent, Buffer | undefined][] = [
    ['t.raw', t === undefined ? undefined : Buffer.concat([Buffer.from(`${t}.`), delivery.raw])],
    ['raw', delivery.raw],
    ['t.json', t === undefined || json === undefined ? undefined : Buffer.concat([Buffer.from(`${t}.`), json])],
    ['json', json],
  ];
  return { t, matched: contents.filter(([, content]) => content !== undefined && v1.includes(hmacHex(secret, content))).map(([name]) => name) };
}

/** Analyses a delivery's signature against a secret under the target's convention: what was signed, and the scheme's verdict. */
export function analyzeSignature(delivery: Delivery, secret: string, convention: SignatureConvention): SignatureAnalysis {
  const scheme = getScheme(convention.scheme, { headerName: convention.header });
  const verdict = verifyDelivery(delivery, scheme, [secret], { toleranceSeconds, now: delivery.receivedAt });
  const header = delivery.headers[signatureHeaderOf(convention)];
  if (header === undefined) return { header, timestamp: undefined, matched: [], scheme: verdict, skewSeconds: undefined };
  let timestamp: number | undefined;
  let matched: SignedContent[];
  if (convention.scheme === 'service') {
    ({ t: timestamp, matched } = serviceMatches(delivery, secret, header));
  } else {
    // the other schemes fix their construction: the HMAC matches when the scheme verifies, whatever the clock says
    const hmacOnly = verifyDelivery(delivery, scheme, [secret], { toleranceSeconds: Number.MAX_SAFE_INTEGER, now: delivery.receivedAt });
    const stamp = delivery.headers['webhook-timestamp'];
    timestamp = convention.scheme === 'standard-webhooks' && stamp !== undefined && /^\d{1,12}$/.test(stamp) ? Number(stamp) : undefined;
    matched = hmacOnly.ok ? [convention.scheme === 'standard-webhooks' ? 'id.t.raw' : 'raw'] : [];
  }
  const skewSeconds = timestamp === undefined ? undefined : Math.abs(timestamp - delivery.receivedAt / 1000);
  return { header, timestamp, matched, scheme: verdict, skewSeconds };
}

/** A one-line description of an analysis for failure messages (never contains the secret or the MAC). */
export function describeSignature(analysis: SignatureAnalysis, convention: SignatureConvention): string {
  if (analysis.header === undefined) return `no ${signatureHeaderOf(convention)} header`;
  const matched = analysis.matched.length === 0 ? 'no HMAC-SHA256 under the secret matches' : `HMAC matches ${analysis.matched.join(', ')}`;
  const verdict = analysis.scheme.ok ? `${convention.scheme} scheme ok` : `${convention.scheme} scheme: ${analysis.scheme.code}`;
  return `${matched}; t=${analysis.timestamp ?? 'missing'}; ${verdict}`;
}
