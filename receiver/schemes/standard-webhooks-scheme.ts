import { randomBytes } from 'node:crypto';
import { checkTolerance, decodeBase64, fail, hmacSha256, matchSecrets, parseTimestamp, rawBytes, requireHeader } from './verify-helpers.js';
import type { SignatureScheme, Signer, VerifyInput, VerifyResult } from './types.js';

const SECRET_PREFIX = 'whsec_';

// Standard Webhooks: the key is the base64-decoded part after `whsec_` (a bare base64 secret is accepted too).
function keyOf(secret: string): Buffer | undefined {
  const key = decodeBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  return key === undefined || key.length === 0 ? undefined : key;
}

/** Parses the space-separated `v1,<base64>` list; other versions (e.g. v1a) are skipped. */
function parseSignatures(value: string): Buffer[] | VerifyResult {
  const signatures: Buffer[] = [];
  for (const entry of value.split(' ').filter((e) => e !== '')) {
    const comma = entry.indexOf(',');
    if (comma <= 0) {
      return fail(
        'malformed_header',
        'signature check failed: webhook-signature has an entry without "<version>,<signature>"; expected "v1,<base64>" entries separated by spaces',
      );
    }
    if (entry.slice(0, comma) !== 'v1') continue;
    const sig = decodeBase64(entry.slice(comma + 1));
    if (sig === undefined || sig.length === 0) {
      return fail('malformed_header', 'signature check failed: webhook-signature has a v1 entry that is not base64; expected "v1,<base64 HMAC-SHA256>"');
    }
    signatures.push(sig);
  }
  if (signatures.length === 0) {
    return fail('no_supported_signature', 'signature check failed: webhook-signature carries no v1 entry; the sender must sign with HMAC-SHA256 (v1)');
  }
  return signatures;
}

/** The Standard Webhooks scheme: webhook-id, webhook-timestamp, webhook-signature over `${id}.${timestamp}.${body}`. */
export function standardWebhooksScheme(): SignatureScheme {
  return {
    name: 'standard-webhooks',
    verify(input: VerifyInput): VerifyResult {
      const id = requireHeader(input.headers, 'webhook-id');
      if ('failure' in id) return id.failure;
      const ts = requireHeader(input.headers, 'webhook-timestamp');
      if ('failure' in ts) return ts.failure;
      const sigHeader = requireHeader(input.headers, 'webhook-signature');
      if ('failure' in sigHeader) return sigHeader.failure;
      const t = parseTimestamp(ts.value);
      if (t === undefined) {
        return fail('malformed_header', 'signature check failed: webhook-timestamp is not unix seconds; send an integer number of seconds');
      }
      const signatures = parseSignatures(sigHeader.value);
      if (!Array.isArray(signatures)) return signatures;
      const raw = rawBytes(input.raw);
      const prefix = `${id.value}.${ts.value}.`;
      const result = matchSecrets(input.secrets, signatures, keyOf, (key) => hmacSha256(key, prefix, raw));
      if (!result.ok) return result;
      return checkTolerance(t, input) ?? { ...result, timestamp: t };
    },
  };
}

/** Signs like a Standard Webhooks sender (tests and benchmarks only); the id defaults to a random `msg_…`. */
export const signStandardWebhooks: Signer = (body, secret, t = Math.floor(Date.now() / 1000), options = {}) => {
  const key = keyOf(secret);
  if (key === undefined) throw new TypeError('signing failed: the secret is not "whsec_<base64>"; pass a Standard Webhooks secret');
  const id = options.id ?? `msg_${randomBytes(12).toString('hex')}`;
  const mac = hmacSha256(key, `${id}.${t}.`, typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return { 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': `v1,${mac.toString('base64')}` };
};
