import { createHmac } from 'node:crypto';
import type { FaultSet } from '../faults/fault-set.js';
import type { SignatureOptions } from './signature-options.js';

/**
 * The service scheme's header value (DESIGN §4): `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<raw body>"`, keyed with the whole secret string (`whsec_…`) as UTF-8 bytes; one v1 per secret.
 */
export function signatureHeader(secrets: readonly string[], t: number, raw: Buffer, faults: FaultSet): string {
  const v1 = secrets.map((secret) => {
    const hmac = createHmac(faults.has('signature-hmac-sha1') ? 'sha1' : 'sha256', secret);
    if (!faults.has('timestamp-not-signed')) hmac.update(`${t}.`);
    hmac.update(raw);
    return `,v1=${hmac.digest(faults.has('signature-base64') ? 'base64' : 'hex')}`;
  });
  return `t=${t}${v1.join('')}`;
}

// Standard Webhooks: the key is the base64 decoding of the secret after its whsec_ prefix (our secrets are hex, valid base64)
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** The signature headers of one attempt under the configured scheme (spec §5.3: the header name and format are open). */
export function signatureHeaders(
  signature: Required<SignatureOptions>,
  secrets: readonly string[],
  t: number,
  raw: Buffer,
  deliveryId: string,
  faults: FaultSet,
): Record<string, string> {
  switch (signature.scheme) {
    case 'standard-webhooks': {
      // standardwebhooks.com: webhook-id (stable across retries), webhook-timestamp, "v1,<base64>" over "<id>.<t>.<body>"
      const signed = secrets.map((s) => `v1,${createHmac('sha256', standardKey(s)).update(`${deliveryId}.${t}.`).update(raw).digest('base64')}`);
      return { 'webhook-id': deliveryId, 'webhook-timestamp': String(t), 'webhook-signature': signed.join(' ') };
    }
    case 'github':
      // GitHub style: one hex HMAC of the raw body under the current secret, no timestamp
      return {
        'x-hub-signature-256': `sha256=${createHmac('sha256', secrets[0] ?? '')
          .update(raw)
          .digest('hex')}`,
      };
    default:
      return { [signature.header.toLowerCase()]: signatureHeader(secrets, t, raw, faults) };
  }
}
