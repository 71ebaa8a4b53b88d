import { describe, expect, it } from 'vitest';
import { getScheme, schemeNames, signers, verifySignature } from '../../receiver/index.js';
import type { SchemeName, VerifyInput, VerifyResult } from '../../receiver/index.js';

const T = 1_700_000_000;
const NOW = T * 1000 + 2_000;
const BODY = '{"event":"message.delivered","data":{"id":"msg_1"}}';
const SECRETS: Record<SchemeName, { good: string; other: string }> = {
  service: { good: `whsec_${'ab'.repeat(32)}`, other: `whsec_${'cd'.repeat(32)}` },
  'standard-webhooks': { good: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', other: `whsec_${Buffer.alloc(24, 7).toString('base64')}` },
  github: { good: "It's a Secret to Everybody", other: 'another secret' },
};
/** The header carrying the signature itself, per scheme. */
const SIG_HEADER: Record<SchemeName, string> = { service: 'Service-Signature', 'standard-webhooks': 'webhook-signature', github: 'X-Hub-Signature-256' };

function code(result: VerifyResult): string {
  return result.ok ? `ok#${result.secretIndex}` : result.code;
}

describe('published test vectors', () => {
  it('Standard Webhooks: the specification test vector verifies', () => {
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    const input = { raw: '{"test": 2432232314}', headers, secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], now: 1614265330 * 1000 };
    expect(verifySignature('standard-webhooks', input)).toEqual({ ok: true, secretIndex: 0, timestamp: 1614265330 });
    expect(signers['standard-webhooks']('{"test": 2432232314}', input.secrets[0] as string, 1614265330, { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek' })).toEqual(
      headers,
    );
    // Same payload re-spaced by a JSON round trip no longer verifies.
    expect(code(verifySignature('standard-webhooks', { ...input, raw: '{"test":2432232314}' }))).toBe('no_matching_signature');
  });

  it('GitHub: the documented example verifies', () => {
    const headers = { 'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' };
    expect(verifySignature('github', { raw: 'Hello, World!', headers, secrets: ["It's a Secret to Everybody"] })).toEqual({ ok: true, secretIndex: 0 });
    expect(signers.github('Hello, World!', "It's a Secret to Everybody")).toEqual(headers);
    expect(code(verifySignature('github', { raw: 'Hello, World?', headers, secrets: ["It's a Secret to Everybody"] }))).toBe('no_matching_signature');
  });

  it('service: t=<t>,v1=hex HMAC-SHA256 of "<t>.<raw>" keyed with the whole secret string', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', SECRETS.service.good).update(`${T}.${BODY}`).digest('hex');
    expect(signers.service(BODY, SECRETS.service.good, T)).toEqual({ 'Service-Signature': `t=${T},v1=${expected}` });
  });
});

describe.each(schemeNames)('scheme %s', (name) => {
  const { good, other } = SECRETS[name];
  const signed = signers[name](BODY, good, T);
  const sigHeader = Object.keys(signed).find((h) => h.toLowerCase() === SIG_HEADER[name].toLowerCase()) as string;
  const base: VerifyInput = { raw: BODY, headers: signed, secrets: [good], now: NOW };
  const run = (patch: Partial<VerifyInput>): string => code(verifySignature(name, { ...base, ...patch }));
  const withSig = (value: string): Record<string, string> => ({ ...signed, [sigHeader]: value });

  it('accepts a correct signature over raw bytes (string, Buffer or Uint8Array)', () => {
    expect(run({})).toBe('ok#0');
    expect(run({ raw: Buffer.from(BODY) })).toBe('ok#0');
    expect(run({ raw: new Uint8Array(Buffer.from(BODY)) })).toBe('ok#0');
  });

  it('finds the matching secret among several (rotation) and reports its index', () => {
    expect(run({ secrets: [other, good] })).toBe('ok#1');
  });

  it('accepts header names in any case and as arrays', () => {
    const upper = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect(run({ headers: upper })).toBe('ok#0');
  });

  it('rejects a missing signature header', () => {
    const headers = { ...signed };
    delete headers[sigHeader];
    expect(run({ headers })).toBe('missing_header');
  });

  it('rejects a duplicated signature header', () => {
    expect(run({ headers: { ...signed, [sigHeader]: [signed[sigHeader] as string, signed[sigHeader] as string] } })).toBe('duplicate_header');
  });

  it('rejects a truncated signature', () => {
    const value = signed[sigHeader] as string;
    // Drop 4 characters: still valid hex/base64, but too short to match.
    expect(run({ headers: withSig(value.slice(0, -4)) })).toBe('no_matching_signature');
  });

  it('rejects the wrong secret and an empty secret list', () => {
    expect(run({ secrets: [other] })).toBe('no_matching_signature');
    expect(run({ secrets: [] })).toBe('no_secrets');
  });

  it('rejects a re-serialized body (same JSON, different spacing)', () => {
    expect(run({ raw: JSON.stringify(JSON.parse(BODY), null, 1) })).toBe('no_matching_signature');
    expect(run({ raw: `${BODY} ` })).toBe('no_matching_signature');
  });

  it('rejects a malformed header', () => {
    expect(run({ headers: withSig('garbage') })).toBe('malformed_header');
  });

  it('does not say why in a way that leaks the secret', () => {
    const result = verifySignature(name, { ...base, secrets: [other] });
    expect(result.ok ? '' : result.message).not.toContain(other);
  });
});

describe.each(['service', 'standard-webhooks'] as const)('timestamped scheme %s', (name) => {
  const { good, other } = SECRETS[name];
  it('rejects a timestamp outside the tolerance, past or future, and accepts the edge', () => {
    const old = signers[name](BODY, good, T - 301);
    const future = signers[name](BODY, good, T + 303);
    const edge = signers[name](BODY, good, T - 298);
    expect(code(verifySignature(name, { raw: BODY, headers: old, secrets: [good], now: NOW }))).toBe('timestamp_outside_tolerance');
    expect(code(verifySignature(name, { raw: BODY, headers: future, secrets: [good], now: new Date(NOW) }))).toBe('timestamp_outside_tolerance');
    expect(code(verifySignature(name, { raw: BODY, headers: edge, secrets: [good], now: NOW }))).toBe('ok#0');
    expect(code(verifySignature(name, { raw: BODY, headers: old, secrets: [good], now: NOW, toleranceSeconds: 600 }))).toBe('ok#0');
  });

  it('reports a forged old delivery as a bad signature, not as late', () => {
    const old = signers[name](BODY, other, T - 3600);
    expect(code(verifySignature(name, { raw: BODY, headers: old, secrets: [good], now: NOW }))).toBe('no_matching_signature');
  });
});

describe('service scheme details', () => {
  const secret = SECRETS.service.good;
  const sig = (signers.service(BODY, secret, T)['Service-Signature'] as string).split('v1=')[1] as string;
  const check = (value: string, headerName?: string) =>
    code(
      verifySignature('service', {
        raw: BODY,
        headers: { [headerName ?? 'service-signature']: value },
        secrets: [secret],
        now: NOW,
        ...(headerName ? { headerName } : {}),
      }),
    );

  it('accepts several v1= values (any one matching), unknown keys and spaces', () => {
    expect(check(`t=${T},v1=${'00'.repeat(32)},v1=${sig}`)).toBe('ok#0');
    expect(check(`t=${T}, v0=abc, v1=${sig.toUpperCase()}`)).toBe('ok#0');
  });

  it('names the exact malformation', () => {
    expect(check(`v1=${sig}`)).toBe('malformed_header');
    expect(check(`t=${T},t=${T},v1=${sig}`)).toBe('malformed_header');
    expect(check(`t=abc,v1=${sig}`)).toBe('malformed_header');
    expect(check(`t=${T},v1=${sig.slice(1)}`)).toBe('malformed_header');
    expect(check(`t=${T},v1=zz${sig.slice(2)}`)).toBe('malformed_header');
    expect(check(`t=${T},v0=${sig}`)).toBe('no_supported_signature');
  });

  it('reads a configurable header name', () => {
    expect(check(`t=${T},v1=${sig}`, 'X-Custom-Sig')).toBe('ok#0');
    const signed = signers.service(BODY, secret, T, { headerName: 'X-Custom-Sig' });
    expect(Object.keys(signed)).toEqual(['X-Custom-Sig']);
  });
});

describe('standard-webhooks details', () => {
  const secret = SECRETS['standard-webhooks'].good;
  const signed = signers['standard-webhooks'](BODY, secret, T, { id: 'msg_1' });
  const check = (patch: Record<string, string>, secrets = [secret]) =>
    code(verifySignature('standard-webhooks', { raw: BODY, headers: { ...signed, ...patch }, secrets, now: NOW }));

  it('accepts several space-separated signatures and skips other versions', () => {
    expect(check({ 'webhook-signature': `v1a,AAAA v1,${Buffer.alloc(32).toString('base64')} ${signed['webhook-signature']}` })).toBe('ok#0');
  });

  it('binds the message id and timestamp into the signature', () => {
    expect(check({ 'webhook-id': 'msg_2' })).toBe('no_matching_signature');
    expect(check({ 'webhook-timestamp': String(T + 1) })).toBe('no_matching_signature');
  });

  it('names each problem', () => {
    expect(check({ 'webhook-id': '' })).toBe('missing_header');
    expect(check({ 'webhook-timestamp': 'soon' })).toBe('malformed_header');
    expect(check({ 'webhook-signature': 'v1' })).toBe('malformed_header');
    expect(check({ 'webhook-signature': 'v1,***' })).toBe('malformed_header');
    expect(check({ 'webhook-signature': 'v2,AAAA' })).toBe('no_supported_signature');
    expect(check({}, ['whsec_***'])).toBe('invalid_secret');
    // A bare base64 secret (no whsec_ prefix) is the same key.
    expect(check({}, [secret.slice('whsec_'.length)])).toBe('ok#0');
  });
});

describe('github details', () => {
  it('has no timestamp, so an old delivery still verifies', () => {
    const headers = signers.github(BODY, 'k', T - 100_000);
    expect(code(verifySignature('github', { raw: BODY, headers, secrets: ['k'], now: NOW }))).toBe('ok#0');
  });

  it('rejects a signature without the sha256= prefix', () => {
    const value = signers.github(BODY, 'k')['X-Hub-Signature-256'] as string;
    expect(code(verifySignature('github', { raw: BODY, headers: { 'x-hub-signature-256': value.slice(7) }, secrets: ['k'] }))).toBe('malformed_header');
  });
});

describe('scheme registry', () => {
  it('throws unknown_scheme for an unknown name', () => {
    expect(() => getScheme('sha1')).toThrowError(expect.objectContaining({ code: 'unknown_scheme' }));
  });

  it('accepts a fetch Headers object', () => {
    const headers = new Headers(signers.github(BODY, 'k'));
    expect(code(verifySignature('github', { raw: BODY, headers, secrets: ['k'] }))).toBe('ok#0');
  });
});
