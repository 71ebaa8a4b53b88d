import { createHmac } from 'node:crypto';
import { verifyDelivery } from '../../receiver/index.js';
import type { Delivery, VerifyResult } from '../../receiver/index.js';

/** What an HMAC may have been computed over: `<t>.<raw body>`, the raw body, or a compact re-serialization of it. */
export type SignedContent = 't.raw' | 'raw' | 't.json' | 'json';

/** How one delivery's signature relates to a secret. */
export interface SignatureAnalysis {
  /** The Service-Signature header value (spec §5.3), undefined when absent. */
  readonly header: string | undefined;
  /** Its t= value, when it has one. */
  readonly timestamp: number | undefined;
  /** The contents a hex HMAC-SHA256 under the secret matches one of the v1= values of (empty: none). */
  readonly matched: readonly SignedContent[];
  /** The receiver's full service-scheme verification (t=…,v1=… over "<t>.<raw>", 300 s tolerance at arrival). */
  readonly service: VerifyResult;
  /** Seconds between t and the delivery's arrival (undefined without t). */
  readonly skewSeconds: number | undefined;
}

/** Allowed clock difference between the signature time and the arrival (DESIGN.md §4, SIG-TIMESTAMP: 5 minutes). */
export const toleranceSeconds = 300;

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

/** Analyses a delivery's signature against a secret: which content, if any, was signed, and the service-scheme verdict. */
export function analyzeSignature(delivery: Delivery, secret: string): SignatureAnalysis {
  const header = delivery.headers['service-signature'];
  const service = verifyDelivery(delivery, 'service', [secret], { toleranceSeconds, now: delivery.receivedAt });
  if (header === undefined) return { header, timestamp: undefined, matched: [], service, skewSeconds: undefined };
  const { t, v1 } = parseHeader(header);
  const json = reserialized(delivery.raw);
  const contents: [SignedContent, Buffer | undefined][] = [
    ['t.raw', t === undefined ? undefined : Buffer.concat([Buffer.from(`${t}.`), delivery.raw])],
    ['raw', delivery.raw],
    ['t.json', t === undefined || json === undefined ? undefined : Buffer.concat([Buffer.from(`${t}.`), json])],
    ['json', json],
  ];
  const matched = contents.filter(([, content]) => content !== undefined && v1.includes(hmacHex(secret, content))).map(([name]) => name);
  const skewSeconds = t === undefined ? undefined : Math.abs(t - delivery.receivedAt / 1000);
  return { header, timestamp: t, matched, service, skewSeconds };
}

/** True when the delivery carries an HMAC-SHA256 (hex) under the secret over any recognisable content. */
export function signedWith(delivery: Delivery, secret: string): boolean {
  return analyzeSignature(delivery, secret).matched.length > 0;
}

/** A one-line description of an analysis for failure messages (never contains the secret or the MAC). */
export function describeSignature(analysis: SignatureAnalysis): string {
  if (analysis.header === undefined) return 'no Service-Signature header';
  const matched = analysis.matched.length === 0 ? 'no HMAC-SHA256 (hex) under the secret matches' : `HMAC matches ${analysis.matched.join(', ')}`;
  const service = analysis.service.ok ? 'service scheme ok' : `service scheme: ${analysis.service.code}`;
  return `${matched}; t=${analysis.timestamp ?? 'missing'}; ${service}`;
}
