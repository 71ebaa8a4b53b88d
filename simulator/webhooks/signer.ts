import { createHmac } from 'node:crypto';
import type { FaultSet } from '../faults/fault-set.js';

/**
 * The Service-Signature header value (DESIGN §4): `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<raw body>"`, keyed with the whole secret string (`whsec_…`) as UTF-8 bytes; one v1 per secret.
 */
export function signatureHeader(secrets: readonly string[], t: number, raw: Buffer, faults: FaultSet): string {
  const v1 = secrets.map((secret) => {
    const hmac = createHmac('sha256', secret);
    if (!faults.has('timestamp-not-signed')) hmac.update(`${t}.`);
    hmac.update(raw);
    return `,v1=${hmac.digest(faults.has('signature-base64') ? 'base64' : 'hex')}`;
  });
  return `t=${t}${v1.join('')}`;
}
