import { checkTolerance, decodeHex, fail, hmacSha256, matchSecrets, parseTimestamp, rawBytes, requireHeader } from './verify-helpers.js';
import type { SignatureScheme, Signer, VerifyInput, VerifyResult } from './types.js';

/** The service's signature header (spec §5.3 names it Service-Signature). */
export const SERVICE_SIGNATURE_HEADER = 'Service-Signature';

// DESIGN.md §4 ("signature"): the spec does not say how the secret becomes the HMAC key. We assume,
// like Stripe's `whsec_` secrets, that the key is the UTF-8 bytes of the whole secret string as
// returned (prefix included), not a hex- or base64-decoding of its tail.
function keyOf(secret: string): Buffer {
  return Buffer.from(secret, 'utf8');
}

/** Parses `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`; unknown keys (e.g. v0) are ignored. */
function parseHeader(value: string, headerName: string): { t: number; signatures: Buffer[] } | VerifyResult {
  const malformed = (why: string): VerifyResult =>
    fail('malformed_header', `signature check failed: ${headerName} ${why}; expected "t=<unix seconds>,v1=<hex HMAC-SHA256>"`);
  let t: number | undefined;
  const signatures: Buffer[] = [];
  for (const element of value.split(',')) {
    const eq = element.indexOf('=');
    if (eq <= 0) return malformed(`has an element without key=value ("${element.trim().slice(0, 20)}")`);
    const key = element.slice(0, eq).trim();
    const text = element.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined) return malformed('has more than one t=');
      t = parseTimestamp(text);
      if (t === undefined) return malformed('has a t= that is not unix seconds');
    } else if (key === 'v1') {
      const sig = decodeHex(text);
      if (sig === undefined || sig.length === 0) return malformed('has a v1= that is not hex');
      signatures.push(sig);
    }
  }
  if (t === undefined) return malformed('has no t=');
  if (signatures.length === 0) {
    return fail('no_supported_signature', `signature check failed: ${headerName} carries no v1= signature; the sender must sign with HMAC-SHA256 (v1)`);
  }
  return { t, signatures };
}

/** The service scheme: `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (DESIGN.md §4). */
export function serviceScheme(options: { headerName?: string } = {}): SignatureScheme {
  const headerName = options.headerName ?? SERVICE_SIGNATURE_HEADER;
  return {
    name: 'service',
    verify(input: VerifyInput): VerifyResult {
      const header = requireHeader(input.headers, headerName);
      if ('failure' in header) return header.failure;
      const parsed = parseHeader(header.value, headerName);
      if ('ok' in parsed) return parsed;
      const raw = rawBytes(input.raw);
      const prefix = `${parsed.t}.`;
      const result = matchSecrets(input.secrets, parsed.signatures, keyOf, (key) => hmacSha256(key, prefix, raw));
      // Signature first, then the clock: a forged old delivery is reported as forged, not as late.
      if (!result.ok) return result;
      return checkTolerance(parsed.t, input) ?? { ...result, timestamp: parsed.t };
    },
  };
}

/** Signs like the service does (tests and benchmarks only). */
export const signService: Signer = (body, secret, t = Math.floor(Date.now() / 1000), options = {}) => {
  const mac = hmacSha256(keyOf(secret), `${t}.`, typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return { [options.headerName ?? SERVICE_SIGNATURE_HEADER]: `t=${t},v1=${mac.toString('hex')}` };
};
