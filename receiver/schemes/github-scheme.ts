import { decodeHex, fail, hmacSha256, matchSecrets, rawBytes, requireHeader } from './verify-helpers.js';
import type { SignatureScheme, Signer, VerifyInput, VerifyResult } from './types.js';

const HEADER = 'X-Hub-Signature-256';

/** GitHub style: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`; no timestamp, so no tolerance. */
export function githubScheme(): SignatureScheme {
  return {
    name: 'github',
    verify(input: VerifyInput): VerifyResult {
      const header = requireHeader(input.headers, HEADER);
      if ('failure' in header) return header.failure;
      if (!header.value.startsWith('sha256=')) {
        return fail('malformed_header', `signature check failed: ${HEADER} does not start with "sha256="; expected "sha256=<hex>"`);
      }
      const sig = decodeHex(header.value.slice('sha256='.length));
      if (sig === undefined || sig.length === 0) {
        return fail('malformed_header', `signature check failed: ${HEADER} is not "sha256=<hex>"; send the hex HMAC-SHA256 of the raw body`);
      }
      const raw = rawBytes(input.raw);
      return matchSecrets(
        input.secrets,
        [sig],
        (secret) => Buffer.from(secret, 'utf8'),
        (key) => hmacSha256(key, raw),
      );
    },
  };
}

/** Signs like GitHub (tests and benchmarks only); the timestamp is ignored. */
export const signGithub: Signer = (body, secret) => {
  const mac = hmacSha256(Buffer.from(secret, 'utf8'), typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return { [HEADER]: `sha256=${mac.toString('hex')}` };
};
