import { getScheme, verifyDelivery } from '../../receiver/index.js';
import type { Delivery } from '../../receiver/index.js';
import { howToSet } from '../../targets/index.js';
import type { SignatureConvention } from '../../targets/index.js';
import type { CheckContext } from '../checks/index.js';
import { analyzeSignature, describeConvention, signatureHeaderOf } from './signature-analysis.js';

// headers of the fixed schemes, never taken for a renamed service header
const fixedHeaders = new Set(['webhook-signature', 'webhook-id', 'webhook-timestamp', 'x-hub-signature-256', 'x-hub-signature']);

/**
 * The convention a delivery verifies under when it is not the configured one: a service-style `t=…,v1=<hex>` value
 * under another header, Standard Webhooks, or GitHub style (HMAC only; the clock does not matter here).
 */
export function otherSignature(
  delivery: Delivery,
  secret: string,
  configured: SignatureConvention,
): { convention: SignatureConvention; setting: string } | undefined {
  for (const [name, value] of Object.entries(delivery.headers)) {
    if (fixedHeaders.has(name) || name === signatureHeaderOf(configured) || !/(^|,)\s*v1=/.test(value)) continue;
    const convention: SignatureConvention = { scheme: 'service', header: name };
    if (analyzeSignature(delivery, secret, convention).matched.length > 0)
      return { convention, setting: `${howToSet('signatureHeader').replace('<name>', name)}` };
  }
  for (const scheme of ['standard-webhooks', 'github'] as const) {
    if (scheme === configured.scheme) continue;
    const verdict = verifyDelivery(delivery, getScheme(scheme), [secret], { toleranceSeconds: Number.MAX_SAFE_INTEGER, now: delivery.receivedAt });
    if (verdict.ok) return { convention: { scheme, header: '' }, setting: howToSet('signatureScheme').replace('<name>', scheme) };
  }
  return undefined;
}

/**
 * Skips the check when no delivery carries the configured signature header but one verifies under another convention:
 * spec §5.3 names the header only "here" and does not show the format, so that is the target's convention to describe,
 * not a violation (DESIGN.md §3 "Target conventions are settings").
 */
export function skipIfSignedOtherwise(ctx: CheckContext, deliveries: readonly Delivery[], secret: string): void {
  const configured = ctx.target.conventions.signature;
  if (deliveries.length === 0 || deliveries.some((d) => d.headers[signatureHeaderOf(configured)] !== undefined)) return;
  for (const delivery of deliveries) {
    const other = otherSignature(delivery, secret, configured);
    if (other) {
      ctx.skip(
        `deliveries carry no signature of ${describeConvention(configured)} but verify as HMAC-SHA256 under the webhook secret with ${describeConvention(other.convention)}; spec §5.3 leaves the header and format open, so describe the target: ${other.setting}`,
      );
    }
  }
}
