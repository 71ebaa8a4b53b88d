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

/** The convention a check judges deliveries under, and the one they were found signed with when it is not the configured one. */
export interface JudgedConvention {
  readonly convention: SignatureConvention;
  /** Deliveries carry no signature of DESIGN.md §4's decision but verify under this convention (the user named none). */
  readonly differs?: { readonly convention: SignatureConvention; readonly setting: string };
}

/**
 * The convention the should-level checks judge deliveries under (DESIGN.md §3 "decisions are defaults"): the configured
 * one when a delivery carries its header. When none does but they verify under another convention:
 * - the user named none: DESIGN.md §4's decision was applied, and the target differs from it. The checks judge under
 *   the convention found (what is behind the naming gap is still tested) and SIGNATURE-SERVICE-SCHEME fails at should,
 *   naming the setting that describes the target;
 * - the user named one: it does not describe the target; the check is skipped naming the setting to give instead.
 */
export function judgedConvention(ctx: CheckContext, deliveries: readonly Delivery[], secret: string): JudgedConvention {
  const configured = ctx.target.conventions.signature;
  if (deliveries.length === 0 || deliveries.some((d) => d.headers[signatureHeaderOf(configured)] !== undefined)) return { convention: configured };
  for (const delivery of deliveries) {
    const other = otherSignature(delivery, secret, configured);
    if (other === undefined) continue;
    if (!configured.described) return { convention: other.convention, differs: other };
    ctx.skip(
      `deliveries carry no signature of ${describeConvention(configured)} but verify as HMAC-SHA256 under the webhook secret with ${describeConvention(other.convention)}; spec §5.3 leaves the header and format open, so describe the target: ${other.setting}`,
    );
  }
  return { convention: configured };
}
