import { createHmac, timingSafeEqual } from 'node:crypto';

/** Checks a `t=<unix>,v1=<hex>` header over "<t>.<raw>" (written for the tests, independent of the reference's signer). */
export function verifies(header: unknown, raw: Buffer, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${t}.`), raw]))
    .digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
