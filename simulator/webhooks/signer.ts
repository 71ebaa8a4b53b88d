import { createHmac } from 'node:crypto';
import type { SignatureOptions } from './signature-options.js';

/** One v1 value of the service scheme: a MAC of the raw body and timestamp under one secret. */
export type ServiceMac = (secret: string, t: number, raw: Buffer) => string;

/** The service scheme's v1 (DESIGN §4): hex HMAC-SHA256 over `"<t>.<raw body>"`, keyed with the whole secret string (`whsec_…`) as UTF-8. */
export function serviceMac(secret: string, t: number, raw: Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');
}

/** The service scheme's header value (DESIGN §4): `t=<unix seconds>,v1=<mac>`, one v1 per secret. */
export function signatureHeader(secrets: readonly string[], t: number, raw: Buffer, mac: ServiceMac = serviceMac): string {
  return `t=${t}${secrets.map((secret) => `,v1=${mac(secret, t, raw)}`).join('')}`;
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
  mac: ServiceMac = serviceMac,
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
      return { [signature.header.toLowerCase()]: signatureHeader(secrets, t, raw, mac) };
  }
}
