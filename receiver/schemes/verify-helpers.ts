import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HeaderInput, VerifyFailureCode, VerifyInput, VerifyResult } from './types.js';

/** Default clock skew accepted by timestamped schemes (Stripe and Standard Webhooks both use 5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A failed verification. */
export function fail(code: VerifyFailureCode, message: string): VerifyResult {
  return { ok: false, code, message };
}

/** Lower-cased header name → every value received, in order. */
export function headerValues(headers: HeaderInput, name: string): string[] {
  const wanted = name.toLowerCase();
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    const v = headers.get(wanted);
    return v === null ? [] : [v];
  }
  const out: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    out.push(...(Array.isArray(value) ? value : [value]));
  }
  return out;
}

/** The single value of a required header, or the failure to report. */
export function requireHeader(headers: HeaderInput, name: string): { value: string } | { failure: VerifyResult } {
  const values = headerValues(headers, name);
  if (values.length === 0 || values[0]?.trim() === '') {
    return { failure: fail('missing_header', `signature check failed: header ${name} is missing or empty; the sender must sign every delivery`) };
  }
  // Two copies are ambiguous (which one did the sender mean?), so refuse rather than guess.
  if (values.length > 1) {
    return { failure: fail('duplicate_header', `signature check failed: header ${name} appears ${values.length} times; send it exactly once`) };
  }
  return { value: (values[0] as string).trim() };
}

/** The body as bytes, exactly as received. */
export function rawBytes(raw: VerifyInput['raw']): Buffer {
  return typeof raw === 'string' ? Buffer.from(raw, 'utf8') : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
}

/** The verifier's clock in unix seconds. */
export function nowSeconds(now: VerifyInput['now']): number {
  const ms = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  return Math.floor(ms / 1000);
}

/** A failure when `t` is further than the tolerance from now, else undefined. */
export function checkTolerance(t: number, input: VerifyInput): VerifyResult | undefined {
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const skew = nowSeconds(input.now) - t;
  if (Math.abs(skew) <= tolerance) return undefined;
  return fail(
    'timestamp_outside_tolerance',
    `signature check failed: timestamp ${t} is ${Math.abs(skew)} s in the ${skew > 0 ? 'past' : 'future'}, beyond the ${tolerance} s tolerance; check the sender's clock or raise toleranceSeconds`,
  );
}

/** Parses a unix-seconds timestamp written as plain digits. */
export function parseTimestamp(text: string): number | undefined {
  return /^\d{1,12}$/.test(text) ? Number(text) : undefined;
}

/** Decodes hex (any case); undefined when it is not hex. */
export function decodeHex(text: string): Buffer | undefined {
  return /^(?:[0-9a-fA-F]{2})*$/.test(text) ? Buffer.from(text, 'hex') : undefined;
}

/** Decodes standard base64 with optional padding; undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) return undefined;
  return Buffer.from(text, 'base64');
}

/** HMAC-SHA256 of the concatenated parts. */
export function hmacSha256(key: Buffer | string, ...parts: Array<Buffer | string>): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** Constant-time equality; the length check comes first because timingSafeEqual throws on unequal lengths. */
export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Tries every secret against every candidate signature. `keyOf` turns a secret into its HMAC key
 * (or undefined when the secret is unusable), `expectedOf` computes the MAC with that key.
 */
export function matchSecrets(
  secrets: readonly string[],
  candidates: readonly Buffer[],
  keyOf: (secret: string) => Buffer | undefined,
  expectedOf: (key: Buffer) => Buffer,
): VerifyResult {
  if (secrets.length === 0)
    return fail('no_secrets', 'signature check failed: no secret was given; pass the webhook signing_secret (several during a rotation)');
  for (const [index, secret] of secrets.entries()) {
    const key = keyOf(secret);
    if (key === undefined) {
      return fail(
        'invalid_secret',
        `signature check failed: secret #${index} is not in the scheme's secret format; pass the secret exactly as the service returned it`,
      );
    }
    const expected = expectedOf(key);
    if (candidates.some((candidate) => safeEqual(candidate, expected))) return { ok: true, secretIndex: index };
  }
  return fail(
    'no_matching_signature',
    `signature check failed: none of ${candidates.length} signature(s) matches any of ${secrets.length} secret(s); the body may have been altered or re-serialized, or the secret is wrong or rotated`,
  );
}
